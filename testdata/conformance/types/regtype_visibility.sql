-- regtype and regprocedure name a type by itself when the search path
-- finds it by that name, and with its schema when not (pg_dump's files
-- set search_path = '' and then print 'f(uuid,public.t)'::regprocedure
-- into GRANTs); a table's row type is a type for both
CREATE SCHEMA other;
CREATE TABLE public.akeys (id int);
CREATE TABLE other.okeys (id int);
CREATE TYPE other.mood AS ENUM ('ok');
CREATE FUNCTION public.fk(a uuid, b public.akeys, c other.okeys, d other.mood[]) RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;
SELECT 'akeys'::regtype, 'public.akeys'::regtype, 'other.okeys'::regtype, 'other.mood[]'::regtype, 'akeys[]'::regtype;
SELECT 'public.fk(uuid, akeys, other.okeys, other.mood[])'::regprocedure;
SELECT to_regtype('okeys'), to_regtype('other.okeys')::text;
SET search_path = '';
SELECT 'public.akeys'::pg_catalog.regtype, 'other.mood'::pg_catalog.regtype, 'pg_catalog.int4'::pg_catalog.regtype;
SELECT 'public.fk(uuid, public.akeys, other.okeys, other.mood[])'::pg_catalog.regprocedure;
SELECT pg_catalog.format('GRANT ALL ON FUNCTION %s TO anon', pg_catalog.to_regprocedure('public.fk(uuid, public.akeys, other.okeys, other.mood[])'));
SET search_path = other, public;
SELECT 'okeys'::regtype, 'mood'::regtype, 'fk(uuid, akeys, okeys, mood[])'::regprocedure;
