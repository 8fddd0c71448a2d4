-- The pseudo-types (docs 8.21) are in pg_type and regtype reads them:
-- psql's \dft and tools compare prorettype with 'pg_catalog.trigger'::regtype,
-- and dumps name C functions' internal and cstring arguments. Only void,
-- record and cstring have values; the others' input always fails. SQL
-- and PL/pgSQL functions take and return only some of them.
SELECT 'void'::regtype, 'pg_catalog.trigger'::pg_catalog.regtype, 'internal'::regtype, 'cstring'::regtype, 'event_trigger'::regtype, 'language_handler'::regtype;
SELECT 'record[]'::regtype, '_record'::regtype, 'cstring[]'::regtype, '_cstring'::regtype, 'anyelement'::regtype, '"any"'::regtype;
SELECT 'internal[]'::regtype;
SELECT 'void[]'::regtype;
SELECT 'trigger'::regtype::oid, 'internal'::regtype::oid, 'cstring[]'::regtype::oid, 'record[]'::regtype::oid;
SELECT format_type(2281, NULL), format_type(1263, NULL), format_type(2287, NULL), format_type(32, NULL), format_type(3310, -1);
SELECT oid, typname, typtype, typcategory, typlen, typbyval, typelem, typarray, typstorage FROM pg_type WHERE typtype = 'p' OR oid = 1263 ORDER BY oid;
SELECT 'abc'::cstring, pg_typeof('abc'::cstring), array['a', 'b']::cstring[];
SELECT NULL::void, ''::void, row(1, 2)::record, NULL::record, array[row(1, 'x')]::record[];
SELECT '(1,2)'::record;
SELECT NULL::internal;
SELECT 'x'::trigger;
SELECT NULL::pg_catalog.language_handler;
CREATE TABLE pt (a cstring);
CREATE TABLE pt (a internal);
CREATE TABLE pt (a record);
CREATE FUNCTION pf(internal) RETURNS int LANGUAGE sql AS 'select 1';
CREATE FUNCTION pf(cstring) RETURNS int LANGUAGE sql AS 'select 1';
CREATE FUNCTION pf(record) RETURNS int LANGUAGE sql AS 'select 1';
CREATE FUNCTION pf("any") RETURNS int LANGUAGE sql AS 'select 1';
CREATE FUNCTION pf(int) RETURNS internal LANGUAGE sql AS 'select 1';
CREATE FUNCTION pf(int) RETURNS cstring LANGUAGE sql AS 'select 1';
CREATE FUNCTION pf(int, OUT x cstring) LANGUAGE sql AS 'select 1';
CREATE FUNCTION pf(int) RETURNS language_handler LANGUAGE sql AS 'select 1';
CREATE FUNCTION pf(OUT a internal) LANGUAGE plpgsql AS 'begin end';
CREATE FUNCTION pf(internal) RETURNS int LANGUAGE plpgsql AS 'begin return 1; end';
CREATE FUNCTION pf(cstring) RETURNS int LANGUAGE plpgsql AS 'begin return 1; end';
CREATE FUNCTION pf(internal) RETURNS internal LANGUAGE plpgsql AS 'begin end';
CREATE FUNCTION pf(int) RETURNS cstring LANGUAGE plpgsql AS 'begin end';
CREATE FUNCTION pf(int) RETURNS fdw_handler LANGUAGE plpgsql AS 'begin end';
CREATE FUNCTION pf(int, OUT b cstring) LANGUAGE plpgsql AS 'begin end';
CREATE FUNCTION pf(r record) RETURNS int LANGUAGE plpgsql AS 'begin return 1; end';
SELECT pf(row(1, 2));
DROP FUNCTION pf(record);
DROP FUNCTION IF EXISTS pf(internal);
DROP FUNCTION IF EXISTS pf(cstring[]);
DROP FUNCTION IF EXISTS pf(int[], varchar(3), double precision, timestamp with time zone);
