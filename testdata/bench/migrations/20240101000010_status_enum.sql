create type public.todo_status as enum ('open', 'in_progress', 'blocked', 'done');
alter table public.todos add column status public.todo_status not null default 'open';
