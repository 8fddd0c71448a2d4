create table public.todos (
  id bigint generated always as identity primary key,
  title text not null
);
