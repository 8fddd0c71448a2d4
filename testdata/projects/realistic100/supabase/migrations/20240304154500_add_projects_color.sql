alter table public.projects add column color text;
