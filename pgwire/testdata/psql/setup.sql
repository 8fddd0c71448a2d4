create type mood as enum ('sad', 'ok', 'happy');
create table parent (id serial primary key, name varchar(20) not null default 'x', m mood, created timestamptz);
create table child (id int8 primary key, parent_id int references parent (id), note text check (length(note) < 100), score numeric(6,2));
create index child_note on child (note);
create view parent_names as select id, name from parent;
create sequence counter;
insert into parent (name, m, created) values ('one', 'happy', '2024-01-02 03:04:05+00'), ('two', null, null);
insert into child values (1, 1, 'a', 1.5), (2, 1, null, null), (3, 2, 'tab	and "quote"', -2);
