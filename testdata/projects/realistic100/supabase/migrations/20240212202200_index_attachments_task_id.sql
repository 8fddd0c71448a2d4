create index attachments_task_id_idx on public.attachments (task_id);
