create index tasks_project_status_idx on public.tasks (project_id, status);
