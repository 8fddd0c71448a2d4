create table notes (id bigint primary key, body text);
create view note_bodies as select id, body from notes;
