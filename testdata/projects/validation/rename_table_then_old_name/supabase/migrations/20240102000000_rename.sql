alter table public.profiles rename to users;
