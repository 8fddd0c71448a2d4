create index tasks_due_at_idx on public.tasks (due_at) where completed_at is null;
