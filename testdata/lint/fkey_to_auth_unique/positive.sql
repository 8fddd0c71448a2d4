create schema auth;
create table auth.users (id uuid primary key, email text unique);
create table profiles (id bigint primary key, email text references auth.users (email));
