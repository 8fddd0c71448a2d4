-- a view naming a type prints it as the search path finds it after ALTER
-- TYPE ... SET SCHEMA, as pg_get_viewdef prints the type's OID
create schema s2;
create schema s3;
create type s2.mood as enum ('ok', 'sad');
create type color as enum ('red', 'blue');
create domain s2.posint as int check (value > 0);
create table t (id int primary key, m s2.mood, c color, body text);
insert into t values (1, 'ok', 'red', 'sad');
create view v1 as select id, m, 'sad'::s2.mood as lit, body::s2.mood as cast_m, c = 'red'::color as is_red, (id::s2.posint) as p, array['ok']::s2.mood[] as arr from t;
select pg_get_viewdef('v1'::regclass);
alter type s2.mood set schema public;
select pg_get_viewdef('v1'::regclass);
alter domain s2.posint set schema public;
alter type color set schema s3;
select pg_get_viewdef('v1'::regclass);
set search_path = public, s3;
select pg_get_viewdef('v1'::regclass);
reset search_path;
alter type public.mood set schema s3;
select pg_get_viewdef('v1'::regclass);
select id, m, lit, cast_m, is_red, p, arr from v1;
create view v2 as select id, 'ok'::mood_alias as x from t;
create type s3.shade as enum ('light');
create view v3 as select 'light'::s3.shade as s;
alter type s3.shade set schema public;
select pg_get_viewdef('v3'::regclass);
select s from v3;
