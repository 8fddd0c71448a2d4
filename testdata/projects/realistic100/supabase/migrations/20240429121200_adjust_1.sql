alter table public.profiles alter column timezone set default 'Etc/UTC';
