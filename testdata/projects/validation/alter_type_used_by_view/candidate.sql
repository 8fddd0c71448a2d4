alter table public.profiles alter column name type varchar(100);
