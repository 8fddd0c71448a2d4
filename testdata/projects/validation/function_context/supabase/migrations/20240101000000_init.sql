create table public.todos (id bigint primary key, title text not null);
