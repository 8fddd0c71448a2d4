create table public.todo_labels (
  todo_id bigint not null references public.todos(id) on delete cascade,
  label_id bigint not null references public.labels(id) on delete cascade,
  primary key (todo_id, label_id)
);
create index todo_labels_label_id_idx on public.todo_labels (label_id);
