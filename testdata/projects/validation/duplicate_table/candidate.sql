create table public.profiles (
  id uuid primary key,
  name text
);
