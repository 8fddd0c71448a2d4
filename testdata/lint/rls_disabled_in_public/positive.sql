create table notes (id bigint primary key, body text);
