create table public.tags (id serial primary key, label text not null);
