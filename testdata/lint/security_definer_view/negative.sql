create schema private;
create table notes (id bigint primary key, body text);
create view note_bodies with (security_invoker = on) as select id, body from notes;
create view private.note_bodies as select id, body from notes;
