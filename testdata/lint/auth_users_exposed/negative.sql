create schema auth;
create schema private;
create table auth.users (id uuid primary key, email text);
create view private.user_emails as select id, email from auth.users;
create table public.notes (id bigint primary key, body text);
create view public.note_bodies as select id, body from public.notes;
