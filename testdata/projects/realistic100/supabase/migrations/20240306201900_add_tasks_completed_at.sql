alter table public.tasks add column completed_at timestamptz;
