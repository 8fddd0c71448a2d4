create table notes (id bigint primary key, owner text, public boolean);
alter table notes enable row level security;
create policy "owner reads" on notes for select to authenticated using (owner = current_user);
create policy "only public" on notes as restrictive for select to authenticated using (public);
