create function public.todo_count() returns bigint language plpgsql as $$
declare n bigint;
begin
  select count(*) into n from public.todo;
  return n;
end
$$;

create function public.checked() returns bigint language sql as $$
  select public.todo_count()
$$;

select public.checked();
