alter table public.todos alter column user_id type text;
