create view public.open_tasks as
select t.id, t.title, t.project_id, t.due_at, t.priority
from public.tasks t
where t.status in ('todo', 'in_progress');
