alter table public.todos add column priority integer not null default 0;
