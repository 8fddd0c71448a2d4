-- ALTER COLUMN TYPE converts a default written as a cast to the new type
-- (a text column's default 'info'::status, set before retyping it to
-- status); a plain text default still cannot convert to an enum
create type atcd_status as enum ('info', 'warning');
create table atcd (id int, status text default 'x');
insert into atcd values (1, 'warning');
alter table atcd alter column status set default 'info'::atcd_status;
alter table atcd alter column status set data type atcd_status using status::atcd_status;
select pg_get_expr(adbin, adrelid) from pg_attrdef where adrelid = 'atcd'::regclass;
insert into atcd (id) values (2);
select id, status, pg_typeof(status) from atcd order by id;
create table atcd2 (s text default 'x');
alter table atcd2 alter column s type atcd_status using s::atcd_status;
create table atcd3 (s text default 'warning'::atcd_status);
alter table atcd3 alter column s type atcd_status using s::atcd_status;
select pg_get_expr(adbin, adrelid) from pg_attrdef where adrelid = 'atcd3'::regclass;
create table atcd4 (n bigint default 5::int);
alter table atcd4 alter column n type int;
select pg_get_expr(adbin, adrelid) from pg_attrdef where adrelid = 'atcd4'::regclass;
