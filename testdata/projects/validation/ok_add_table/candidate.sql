-- posts belong to profiles
create table public.posts (
  id bigint generated always as identity primary key,
  author_id bigint not null references public.profiles (id) on delete cascade,
  title text not null check (length(title) > 0),
  body text,
  published boolean not null default false
);
create index posts_author_id_idx on public.posts (author_id);
