create unique index task_labels_task_label_key on public.task_labels (task_id, label_id);
