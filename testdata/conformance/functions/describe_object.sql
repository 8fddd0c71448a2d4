-- pg_describe_object, which psql's \dx+ lists an extension's members by.
-- (pg_trgm's GIN/GiST support functions over internal and its gtrgm type
-- are not catalog objects in tinybase, whose indexes implement them.)
create extension pg_trgm;
select classid::regclass::text, d from (select classid, pg_describe_object(classid, objid, objsubid) d from pg_depend where refclassid = 'pg_extension'::regclass and deptype = 'e' and refobjid = (select oid from pg_extension where extname = 'pg_trgm')) x where d !~ '(internal|gtrgm|cstring)' order by 2;
create schema other;
create table dt (a int primary key, b text default 'x' check (b <> ''));
create table other.ot (c int);
create view dv as select a from dt;
create sequence ds;
create policy p on dt using (true);
create function dtf() returns trigger language plpgsql as $$ begin return new; end $$;
create trigger dtt before insert on dt for each row execute function dtf();
create type other.mood as enum ('a');
select pg_describe_object('pg_class'::regclass, 'dt'::regclass, 2), pg_describe_object('pg_class'::regclass, 'dt_pkey'::regclass, 0), pg_describe_object('pg_class'::regclass, 'dt'::regclass, 0);
select pg_describe_object('pg_class'::regclass, 'other.ot'::regclass, 0), pg_describe_object('pg_class'::regclass, 'dv'::regclass, 0), pg_describe_object('pg_class'::regclass, 'ds'::regclass, 0);
select pg_describe_object('pg_namespace'::regclass, 'public'::regnamespace, 0), pg_describe_object('pg_policy'::regclass, (select oid from pg_policy where polname = 'p'), 0);
select pg_describe_object('pg_constraint'::regclass, (select oid from pg_constraint where conname = 'dt_b_check'), 0), pg_describe_object('pg_attrdef'::regclass, (select oid from pg_attrdef where adrelid = 'dt'::regclass), 0);
select pg_describe_object('pg_trigger'::regclass, (select oid from pg_trigger where tgname = 'dtt'), 0), pg_describe_object('pg_proc'::regclass, 'dtf'::regproc, 0);
select pg_describe_object('pg_type'::regclass, 'int4'::regtype, 0), pg_describe_object('pg_type'::regclass, 'other.mood'::regtype, 0), pg_describe_object('pg_cast'::regclass, (select oid from pg_cast where castsource = 'int8'::regtype and casttarget = 'int2'::regtype), 0);
select pg_describe_object('pg_language'::regclass, 12, 0), pg_describe_object('pg_am'::regclass, 403, 0), pg_describe_object('pg_proc'::regclass, 'now'::regproc, 0);
select pg_describe_object('pg_extension'::regclass, (select oid from pg_extension where extname = 'pg_trgm'), 0), pg_describe_object(1259, 999999, 0) is null;
