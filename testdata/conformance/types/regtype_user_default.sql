-- a regtype column takes a user type's name, from a default, VALUES or a cast
create type rt_mood as enum ('a');
create table rt (id serial primary key, t regtype default 'rt_mood');
insert into rt default values returning t;
insert into rt (t) values ('rt_mood'), ('int4') returning t;
insert into rt (t) select 'rt_mood'::regtype returning t;
insert into rt (t) values ('rt_nosuch');
select pg_get_expr(adbin, adrelid) from pg_attrdef where adrelid = 'rt'::regclass;
select id, t, t::oid = 'rt_mood'::regtype::oid from rt order by id;
