alter table public.profiles drop column email;
