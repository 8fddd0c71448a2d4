alter table public.profiles
  add column age integer default 'unknown';
