create table notes (id bigint primary key, body text);
alter table notes enable row level security;
