create table public.todos (
  id bigint generated always as identity primary key,
  owner_id uuid not null,
  title text not null
);
alter table public.todos enable row level security;
