create table public.attachments (
  id uuid primary key default gen_random_uuid(),
  todo_id bigint not null references public.todos(id) on delete cascade,
  path text not null,
  size_bytes bigint not null check (size_bytes >= 0),
  content_type text
);
