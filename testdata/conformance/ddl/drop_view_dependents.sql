-- DROP refused because views depend on the relation: PostgreSQL's DETAIL lists them, views of views too; DROP SCHEMA ... CASCADE takes views elsewhere that read its tables
create schema dd;
create table dd.t1(id int);
create view dd.v1 as select * from dd.t1;
create view dd.v2 as select * from dd.v1;
drop table dd.t1;
drop view dd.v1;
set search_path = dd, public;
drop table t1;
reset search_path;
drop view dd.v2;
drop view dd.v1;
create view public.reads_dd as select * from dd.t1;
drop schema dd;
drop schema dd cascade;
select count(*) from pg_views where viewname = 'reads_dd';
