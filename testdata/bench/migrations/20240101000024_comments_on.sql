comment on table public.todos is 'Work items inside a project';
comment on column public.todos.priority is '0 = normal, higher is more urgent';
