-- pg_get_serial_sequence resolves any relation, as regclass input does:
-- a view's columns own no sequence, a missing column is an error (Kysely's
-- introspection asks for every column of every table and view).
create table ss_t (id serial primary key, n int generated always as identity, v text);
create view ss_v as select id, v from ss_t;
select pg_get_serial_sequence('ss_t', 'id'), pg_get_serial_sequence('public.ss_t', 'n'), pg_get_serial_sequence('ss_t', 'v');
select pg_get_serial_sequence('ss_v', 'id');
select pg_get_serial_sequence('ss_t', 'nope');
select pg_get_serial_sequence('ss_v', 'nope');
select pg_get_serial_sequence('ss_missing', 'id');
select pg_get_serial_sequence('"SS_T"', 'id');
select c.relname, a.attname, pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) from pg_attribute a join pg_class c on a.attrelid = c.oid join pg_namespace ns on c.relnamespace = ns.oid where c.relname in ('ss_t', 'ss_v') and a.attnum > 0 order by 1, 2;
