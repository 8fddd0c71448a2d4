create table public.comments (
  id bigint generated always as identity primary key,
  post_id bigint not null references public.posts (id),
  body text not null
);
alter table public.comments enable row level security;
create policy "anyone reads comments" on public.comments
  for select using (
