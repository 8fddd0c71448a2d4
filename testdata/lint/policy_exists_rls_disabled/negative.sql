create table notes (id bigint primary key, public boolean);
alter table notes enable row level security;
create policy "public reads" on notes for select using (public);
