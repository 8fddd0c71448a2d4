alter table public.todos add column estimate_hours numeric(6,2);
alter table public.todos add constraint todos_estimate_positive check (estimate_hours is null or estimate_hours > 0);
