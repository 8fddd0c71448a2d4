-- auth.users as Supabase has it (the engine bootstraps it; plain PostgreSQL
-- gets the columns this case needs)
create schema if not exists auth;
create table if not exists auth.users (id uuid primary key, email text, phone text unique);
create table profiles (id uuid primary key references auth.users (id));
