alter table public.profiles add column bio text;
