create view public.todo_owners as
  select id, user_id from public.todos;
