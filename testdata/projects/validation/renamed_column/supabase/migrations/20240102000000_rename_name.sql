alter table public.profiles rename column name to full_name;
