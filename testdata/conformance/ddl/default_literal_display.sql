-- A default written as a quoted literal is stored as a constant of the
-- column's type and prints as PostgreSQL prints that constant (false, 3,
-- 1.5, '4'::bigint); knex writes boolean and integer defaults so.
create table dv2 (b boolean default '0', i int not null default '3', j bigint default '4', n numeric(8,2) default '1.5', t text default 'x', d date default '2024-01-02', f float8 default '2.5', neg int default '-1', bt boolean default 't');
select column_name, column_default from information_schema.columns where table_name = 'dv2' order by ordinal_position;
set search_path = pg_catalog;
select column_name, column_default from information_schema.columns where table_name = 'dv2' order by ordinal_position;
reset search_path;

select pg_get_expr(adbin, adrelid) from pg_attrdef where adrelid = 'dv2'::regclass order by adnum;
