create table public.profiles (
  id uuid primary key,
  username text unique not null,
  full_name text,
  avatar_url text,
  created_at timestamptz not null default now()
);
