create schema if not exists auth;
create or replace function auth.uid() returns uuid language sql stable as $$ select null::uuid $$;
create table notes (id bigint primary key, user_id uuid);
alter table notes enable row level security;
create policy "own notes" on notes for select to authenticated using ((select auth.uid()) = user_id);
