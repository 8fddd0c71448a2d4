create table public.todos (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  title text not null
);
alter table public.todos enable row level security;
create policy "users read their todos" on public.todos
  for select using (current_setting('request.jwt.claim.sub', true)::uuid = user_id);
