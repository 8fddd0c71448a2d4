-- pg_table_is_visible: a relation is visible when no schema before its
-- own on the search path holds a relation of the same name, whatever its
-- kind (table, view, sequence, index).
create schema s1;
create schema s2;
create table s1.t_a (id int);
create table s2.t_a (id int);
create table s2.t_b (id int);
create table s1.host (v int);
create index t_b on s1.host (v);
create sequence s1.t_c;
create table s2.t_c (id int);
create view s1.t_d as select 1 as x;
create table s2.t_d (id int);
create table s2.pg_class (id int);
set search_path = s1, s2;
select n.nspname, c.relname, pg_table_is_visible(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where n.nspname in ('s1', 's2') order by 1, 2;
set search_path = s2, s1;
select n.nspname, c.relname, pg_table_is_visible(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where n.nspname in ('s1', 's2') order by 1, 2;
set search_path = s2, pg_catalog, s1;
select n.nspname, c.relname, pg_table_is_visible(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where n.nspname in ('s1', 's2') order by 1, 2;
