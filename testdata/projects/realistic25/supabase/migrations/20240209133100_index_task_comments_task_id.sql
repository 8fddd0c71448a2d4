create index task_comments_task_id_idx on public.task_comments (task_id);
