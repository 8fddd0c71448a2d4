create schema if not exists auth;
create or replace function auth.jwt() returns jsonb language sql stable as $$ select '{}'::jsonb $$;
create table notes (id bigint primary key, body text);
alter table notes enable row level security;
create policy "admins" on notes for select to authenticated using ((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin');
