-- PL/pgSQL bodies are checked for syntax only: the table the body
-- names may be created later, as PostgreSQL allows.
create function public.archive_todo(todo_id bigint) returns void
language plpgsql as $$
begin
  insert into public.todo_archive (id, title)
    select id, title from public.todos where id = todo_id;
  delete from public.todos where id = todo_id;
end;
$$;
