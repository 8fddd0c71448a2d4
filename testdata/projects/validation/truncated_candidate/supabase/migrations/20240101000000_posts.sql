create table public.posts (
  id bigint generated always as identity primary key,
  title text not null
);
