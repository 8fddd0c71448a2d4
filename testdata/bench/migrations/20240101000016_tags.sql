alter table public.projects add column tags text[] not null default '{}';
