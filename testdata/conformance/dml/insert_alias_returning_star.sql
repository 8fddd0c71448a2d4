-- INSERT INTO t AS alias ... RETURNING alias.*, with and without ON
-- CONFLICT (TypeORM and knex write RETURNING with the alias).
create table r9 (id int primary key, name text not null);
create schema r9s;
create table r9s.r9b (id int primary key, v int);
insert into r9 as t values (2, 'd') on conflict on constraint r9_pkey do nothing returning t.*;
insert into r9 as t values (2, 'd') on conflict (id) do update set name = 'e' returning t.*;
insert into r9 as t values (3, 'd') returning t.*, t.id * 2 as twice;
insert into r9 as t values (2, 'f') on conflict (id) do update set name = t.name || excluded.name returning t.name, *;
insert into r9s.r9b as b values (1, 5) returning b.*;
insert into r9s.r9b as b values (1, 6) on conflict (id) do update set v = b.v + excluded.v returning b.*;
drop table r9; drop schema r9s cascade;
