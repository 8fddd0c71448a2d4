alter table todos enable row level security;
create policy todos_own on todos for all to authenticated
  using (owner = (current_setting('request.jwt.claims', true)::json ->> 'sub'))
  with check (owner = (current_setting('request.jwt.claims', true)::json ->> 'sub'));
