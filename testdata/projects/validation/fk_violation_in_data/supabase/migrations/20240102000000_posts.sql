create table public.posts (
  id bigint primary key,
  author_id bigint not null references public.profiles (id)
);
