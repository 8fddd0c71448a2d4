alter table public.tasks add column estimate_minutes integer;
