create schema private;
create table private.notes (id bigint primary key, body text);
