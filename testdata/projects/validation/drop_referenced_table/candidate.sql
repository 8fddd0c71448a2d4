drop table public.profiles;
