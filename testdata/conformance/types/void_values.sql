-- void is a pseudo-type, yet it has values: NULL::void is NULL, any text
-- literal reads as the empty void value (void_in ignores it), a function
-- returning void yields one; it has no array type and no column may
-- take it.
SELECT NULL::void AS v;
SELECT NULL::void IS NULL AS a, ''::void IS NULL AS b;
SELECT ''::void AS a, 'abc'::void AS b, CAST(NULL AS void) AS c, NULL::pg_catalog.void AS d;
SELECT 1::void;
SELECT pg_typeof(NULL::void) AS t;
CREATE FUNCTION f() RETURNS void LANGUAGE sql AS 'SELECT NULL::void';
SELECT f() AS v, f() IS NULL AS n, f()::text AS t;
CREATE FUNCTION g() RETURNS void LANGUAGE plpgsql AS 'BEGIN END';
SELECT g() AS v, pg_typeof(g()) AS t, g() IS NULL AS n;
CREATE FUNCTION touch() RETURNS void LANGUAGE sql AS $$ SELECT NULL::void $$;
SELECT touch();
SELECT NULL::void::text AS a, ''::void::text = '' AS b, 'x'::text::void AS c;
SELECT row(NULL::void) AS r, coalesce(NULL::void, ''::void) AS c;
SELECT NULL::void = NULL::void;
SELECT pg_sleep(0)::text AS s;
SELECT array[NULL::void];
SELECT array_agg(NULL::void);
SELECT NULL::void[];
SELECT '{}'::void[];
CREATE TABLE tv (id int, v void);
CREATE TABLE tv2 (v void[]);
CREATE TYPE ct AS (a void);
CREATE DOMAIN dv AS void;
CREATE FUNCTION h(void) RETURNS int LANGUAGE sql AS 'SELECT 1';
CREATE TABLE tr (r record);
CREATE TABLE tt (t trigger);
CREATE TABLE ta (a anyelement);
CREATE TABLE tw (id int);
ALTER TABLE tw ADD COLUMN v void;
ALTER TABLE tw ALTER COLUMN id TYPE void;
