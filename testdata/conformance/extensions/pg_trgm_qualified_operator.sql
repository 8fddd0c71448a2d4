-- OPERATOR(schema.op) finds an extension's operator in that schema, off
-- the search path (Supabase installs pg_trgm in extensions).
create schema ext;
create extension pg_trgm schema ext;
create table act (id int primary key, name text);
insert into act values (1, 'running'), (2, 'swimming'), (3, 'run club');
select id from act where name operator(ext.%>) 'run' order by id;
select id from act where 'run' operator(ext.<%) name order by id;
select round(ext.similarity('running', 'run')::numeric, 4);
create function search_act(q text) returns setof act language sql stable set search_path = '' as $$
  select a.* from public.act a where a.name operator(ext.%) q or a.name operator(ext.%>) q order by a.id
$$;
select * from search_act('swim');
set search_path = '';
select 'abc' operator(ext.%>) 'ab';
select 'abc' operator(public.%>) 'ab';
reset search_path;
select 'abc' %> 'ab';
