-- An index key calling a function of the table's row type (a "computed
-- field" index, as PostgREST users write them): the table's name is its
-- whole row, in the key and in a partial index's predicate.
create table org_invite (id int primary key, email text);
create function code(org_invite) returns text as $$ select 'c' || $1.id $$ language sql immutable strict;
create index org_invite_code_idx on org_invite (code(org_invite) text_pattern_ops);
create index org_invite_part on org_invite (id) where code(org_invite) <> 'c1';
insert into org_invite values (1, 'a'), (2, 'b'), (3, 'c');
select id, email from org_invite where code(org_invite) = 'c2';
update org_invite set id = 4 where id = 2;
select id from org_invite where code(org_invite) like 'c%' order by 1;
select pg_get_indexdef('org_invite_code_idx'::regclass);
select pg_get_indexdef('org_invite_part'::regclass);
select indexdef from pg_indexes where tablename = 'org_invite' order by indexname;
create index on org_invite (length(org_invite::text));
select indexname from pg_indexes where tablename = 'org_invite' order by 1;
create index org_invite_bad on org_invite (code(nope));
drop table org_invite;
drop table org_invite cascade;
select count(*) from pg_proc where proname = 'code' and pronamespace = 'public'::regnamespace;
-- a routine returning SETOF a table, or taking its row, holds the table
create table t2 (id int);
create function all_t2() returns setof t2 language sql as $$ select * from t2 $$;
drop table t2;
drop function all_t2();
drop table t2;
create schema s3;
create table s3.t3 (id int);
create view s3.v3 as select id from s3.t3;
create function s3.first_t3() returns s3.t3 language sql as $$ select * from s3.t3 limit 1 $$;
create function public.ids(s3.t3[]) returns int language sql as $$ select 1 $$;
drop table s3.t3;
drop table s3.t3 cascade;
select count(*) from pg_proc where proname in ('first_t3', 'ids');
drop schema s3;
