create table public.profiles (
  id bigint generated always as identity primary key,
  handle text unique not null
);
