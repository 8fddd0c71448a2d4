create index tasks_project_id_idx on public.tasks (project_id);
