alter table todos enable row level security;
create policy todos_own on todos for all to authenticated
  using (owner = (current_setting('request.jwt.claims', true)::json ->> 'sub'))
  with check (owner = (current_setting('request.jwt.claims', true)::json ->> 'sub'));
create policy todos_anon_none on todos for select to anon using (false);
revoke all on items from anon, authenticated;
