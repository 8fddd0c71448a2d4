-- name = text, text = name and name = varchar comparisons over catalog
-- relations (looked up through their name indexes) and a user table with
-- an indexed name column: case, trailing spaces, NULL, values longer than
-- a name, COLLATE, and values from PL/pgSQL variables.
create table lower_t (id int primary key, code text unique);
create table "Mixed_T" (id int primary key);
create table "sp_t " (id int);
create table aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa (id int);
create table nm (n name primary key, note text);
insert into nm values ('abc', 'lower'), ('ABC', 'upper'), ('abc ', 'trailing space'), (repeat('z', 63), 'long');
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'lower_t'::text;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'lower' || '_t';
select relname from pg_class where relnamespace = 'public'::regnamespace and 'lower' || '_t' = relname;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'LOWER_T'::text;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'Mixed_T'::text;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'mixed_t'::text;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'lower_t'::varchar;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'lower_t'::varchar(20);
select relname from pg_class where relnamespace = 'public'::regnamespace and relname::varchar(3) = 'low'::text;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'lower_t '::text;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'sp_t'::text;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'sp_t '::text;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'sp_t '::char(5);
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = null::text;
select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'lower_t'::text collate "C";
select length(relname) from pg_class where relnamespace = 'public'::regnamespace and relname = repeat('a', 63);
select length(relname) from pg_class where relnamespace = 'public'::regnamespace and relname = repeat('a', 73);
select tablename, indexname from pg_indexes where schemaname = 'public' and tablename = 'lower' || '_t' order by indexname;
select count(*) from pg_namespace where nspname = any(array['public', 'pg_catalog']::text[]);
select note from nm where n = 'abc'::text;
select note from nm where n = 'abc '::text;
select note from nm where n = 'ABC'::varchar;
select note from nm where 'abc'::text = n;
select note from nm where n = repeat('z', 63) || 'z';
select note from nm where n = repeat('z', 63)::text;
select note from nm where n = null::text;
select note from nm where n = 'abc'::text or n = 'ABC'::text order by note;
create function rel_lookup(v text) returns text language plpgsql as $$
declare r text;
begin
  select c.relname into r from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
   where ns.nspname = 'public' and c.relname = v;
  return coalesce(r, '<none>');
end $$;
select v, rel_lookup(v) from unnest(array['lower_t', 'LOWER_T', 'Mixed_T', 'sp_t', 'sp_t ', repeat('a', 73), null]) with ordinality as u(v, i) order by i;
create function fk_count(t text) returns int language plpgsql as $$
declare reg regclass := to_regclass(t); n int := 0;
begin
  if exists (select 1 from pg_constraint where conrelid = reg and contype = 'p') then n := n + 1; end if;
  if exists (select 1 from pg_index where indrelid = reg) then n := n + 10; end if;
  return n;
end $$;
select t, fk_count(t) from unnest(array['lower_t', '"Mixed_T"', 'nm', '"sp_t "', 'missing']) with ordinality as u(t, i) order by i;
