alter table public.profiles alter column email set not null;
