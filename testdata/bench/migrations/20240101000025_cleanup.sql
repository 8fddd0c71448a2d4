alter table public.profiles alter column full_name set default '';
drop index if exists public.comments_todo_id_idx;
create index comments_todo_created_idx on public.comments (todo_id, created_at);
