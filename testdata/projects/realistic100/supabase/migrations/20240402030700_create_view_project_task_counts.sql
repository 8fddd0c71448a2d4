create view public.project_task_counts as
select p.id as project_id, p.name, count(t.id) as task_count
from public.projects p
left join public.tasks t on t.project_id = p.id
group by p.id, p.name;
