create table public.posts (
  id bigint generated always as identity primary key,
  author_id bigint not null references public.profiles (id),
  published boolean not null default now(),
  title text not null
);
