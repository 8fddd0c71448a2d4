create index task_labels_task_id_idx on public.task_labels (task_id);
