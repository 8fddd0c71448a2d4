create type public.task_status as enum ('todo', 'in_progress', 'done', 'cancelled');

alter table public.tasks
  add column status public.task_status not null default 'todo';
