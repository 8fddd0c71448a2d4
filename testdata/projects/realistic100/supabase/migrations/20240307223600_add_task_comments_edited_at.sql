alter table public.task_comments add column edited_at timestamptz;
