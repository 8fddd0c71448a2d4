create table notes (id bigint primary key, body text);
alter table notes enable row level security;
create policy "everyone reads" on notes for select using (true);
