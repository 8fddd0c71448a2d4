-- A column default stores the functions it calls by schema; it prints
-- them bare when the search path finds them (Supabase puts extensions on
-- the path: TypeORM compares uuid_generate_v4() with what it reads).
create schema fq_ext;
create function fq_ext.next_code() returns int language sql as 'select 7';
set search_path = public, fq_ext;
create table fq_t (id int default next_code(), c int default fq_ext.next_code(), u uuid default gen_random_uuid(), n numeric default 1.5);
select column_name, column_default from information_schema.columns where table_name = 'fq_t' order by ordinal_position;
select pg_get_expr(adbin, adrelid) from pg_attrdef where adrelid = 'fq_t'::regclass order by adnum;
set search_path = public;
select column_name, column_default from information_schema.columns where table_name = 'fq_t' order by ordinal_position;
select pg_get_expr(adbin, adrelid) from pg_attrdef where adrelid = 'fq_t'::regclass order by adnum;
reset search_path;
drop table fq_t; drop schema fq_ext cascade;
