-- pg_get_viewdef(text [, pretty]) takes the view's name, as an unknown
-- literal resolves to: qualified or quoted, 42P01 when there is no such
-- relation (a number is a name there, not an OID), NULL for a table.
CREATE TABLE tt (a int, "B" text);
CREATE VIEW v AS SELECT a, "B" FROM tt WHERE a > 1;
CREATE SCHEMA s;
CREATE VIEW s."Odd" AS SELECT 1 AS one;
SELECT pg_get_viewdef('v');
SELECT pg_get_viewdef('v', true);
SELECT pg_get_viewdef('public.v'::text);
SELECT pg_get_viewdef('v'::varchar, false);
SELECT pg_get_viewdef('s."Odd"');
SELECT pg_get_viewdef('tt');
SELECT pg_get_viewdef('nope');
SELECT pg_get_viewdef('s.nope', false);
SELECT pg_get_viewdef('"V"');
SELECT pg_get_viewdef('12345');
SELECT pg_get_viewdef(NULL::text) IS NULL AS null_in;
SELECT pg_get_viewdef('v') = pg_get_viewdef('v'::regclass) AS same;
SELECT viewname FROM pg_views WHERE pg_get_viewdef(schemaname || '.' || quote_ident(viewname)) = definition AND schemaname IN ('public', 's') ORDER BY 1;
