alter table public.todos add column updated_at timestamptz;
alter table public.projects add column updated_at timestamptz;
