create policy "users read their todos" on public.todos
  for select using (current_setting('request.jwt.claim.sub', true)::uuid = user_id);
