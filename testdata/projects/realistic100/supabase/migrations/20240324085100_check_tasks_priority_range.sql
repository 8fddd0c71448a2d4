alter table public.tasks
  add constraint tasks_priority_range check (priority between 0 and 5);
