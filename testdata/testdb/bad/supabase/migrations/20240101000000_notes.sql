create table public.notes (id int primary key, body text not null);
alter table public.notes enable row level security;
create policy "notes are readable" on public.notes for select using (true);
