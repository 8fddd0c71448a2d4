create table notes (id bigint primary key, public boolean);
create policy "public reads" on notes for select using (public);
