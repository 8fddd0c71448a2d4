-- auth.users as Supabase has it (the engine bootstraps it; plain PostgreSQL
-- gets the columns this case needs)
create schema if not exists auth;
create table if not exists auth.users (id uuid primary key, email text, phone text unique);
create schema private;
create view private.user_emails as select id, email from auth.users;
create table public.notes (id bigint primary key, body text);
create view public.note_bodies as select id, body from public.notes;
