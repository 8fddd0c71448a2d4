alter table public.profiles enable row level security;
create policy "owners read their posts" on public.posts
  for select using (true);
