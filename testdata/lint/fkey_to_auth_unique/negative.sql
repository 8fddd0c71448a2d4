create schema auth;
create table auth.users (id uuid primary key, email text unique);
create table profiles (id uuid primary key references auth.users (id));
