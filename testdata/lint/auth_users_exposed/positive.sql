create schema auth;
create table auth.users (id uuid primary key, email text);
create view public.user_emails as select id, email from auth.users;
