alter table public.profiles
  add column bio text;
alter table public.profile add column avatar_url text;
