create view public.open_todos as
  select t.id, t.title, t.project_id, p.team_id
  from public.todos t join public.projects p on p.id = t.project_id
  where not t.done;
