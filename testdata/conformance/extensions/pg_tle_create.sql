-- conformance: requires pg_tle
-- CREATE / ALTER / DROP EXTENSION of a trusted language extension pg_tle
-- stores: its script runs as an extension script (@extschema@ replaced),
-- update paths are followed, requires honoured, and uninstalling one
-- still created fails.
CREATE EXTENSION pg_tle;
CREATE EXTENSION dist;
SELECT pgtle.install_extension('dist', '0.1', 'Distance functions', $_$
  CREATE FUNCTION dist(x1 float8, y1 float8, x2 float8, y2 float8, norm int) RETURNS float8
  AS $$ SELECT (abs(x2 - x1) ^ norm + abs(y2 - y1) ^ norm) ^ (1::float8 / norm) $$ LANGUAGE sql;
  CREATE FUNCTION manhattan_dist(x1 float8, y1 float8, x2 float8, y2 float8) RETURNS float8
  AS $$ SELECT dist(x1, y1, x2, y2, 1) $$ LANGUAGE sql;
  CREATE TABLE @extschema@.dist_log (id int PRIMARY KEY);
$_$);
CREATE EXTENSION dist;
SELECT extname, extversion, extnamespace::regnamespace::text, extrelocatable FROM pg_extension WHERE extname = 'dist';
SELECT d.description FROM pg_description d JOIN pg_extension e ON d.objoid = e.oid AND d.classoid = 'pg_extension'::regclass WHERE e.extname = 'dist';
SELECT manhattan_dist(1, 1, 5, 5);
SELECT count(*) FROM public.dist_log;
SELECT pg_describe_object(classid, objid, 0) FROM pg_depend WHERE refclassid = 'pg_extension'::regclass AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'dist') AND deptype = 'e' ORDER BY 1;
CREATE EXTENSION dist;
CREATE EXTENSION IF NOT EXISTS dist;
SELECT pgtle.uninstall_extension('dist');
SELECT pgtle.install_update_path('dist', '0.1', '0.2', $_$
  CREATE FUNCTION euclidean_dist(x1 float8, y1 float8, x2 float8, y2 float8) RETURNS float8
  AS $$ SELECT dist(x1, y1, x2, y2, 2) $$ LANGUAGE sql;
$_$);
SELECT pgtle.install_update_path('dist', '0.2', '0.3', $_$
  CREATE OR REPLACE FUNCTION manhattan_dist(x1 float8, y1 float8, x2 float8, y2 float8) RETURNS float8
  AS $$ SELECT dist(x1, y1, x2, y2, 1) * 10 $$ LANGUAGE sql;
$_$);
ALTER EXTENSION dist UPDATE TO '0.2';
SELECT extversion FROM pg_extension WHERE extname = 'dist';
SELECT euclidean_dist(0, 0, 3, 4);
ALTER EXTENSION dist UPDATE;
ALTER EXTENSION dist UPDATE TO '0.9';
SELECT pgtle.set_default_version('dist', '0.3');
ALTER EXTENSION dist UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'dist';
SELECT manhattan_dist(1, 1, 5, 5);
ALTER EXTENSION dist UPDATE;
DROP EXTENSION dist;
SELECT count(*) FROM pg_proc WHERE proname IN ('dist', 'manhattan_dist', 'euclidean_dist');
SELECT count(*) FROM pg_class WHERE relname = 'dist_log';
CREATE EXTENSION dist VERSION '0.3';
SELECT extversion FROM pg_extension WHERE extname = 'dist';
SELECT manhattan_dist(1, 1, 5, 5), euclidean_dist(0, 0, 3, 4);
DROP EXTENSION dist;
CREATE EXTENSION dist VERSION '0.7';
CREATE SCHEMA geo;
CREATE EXTENSION dist SCHEMA geo VERSION '0.2';
SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'dist';
SELECT geo.euclidean_dist(0, 0, 6, 8);
SELECT count(*) FROM geo.dist_log;
ALTER EXTENSION dist SET SCHEMA public;
DROP EXTENSION dist;
SELECT pgtle.install_extension('base_tle', '1.0', 'base', 'CREATE FUNCTION base_one() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;');
SELECT pgtle.install_extension('top_tle', '1.0', 'top', 'CREATE FUNCTION top_two() RETURNS int LANGUAGE sql AS $$ SELECT base_one() + 1 $$;', ARRAY['base_tle']);
CREATE EXTENSION top_tle;
CREATE EXTENSION top_tle CASCADE;
SELECT top_two();
SELECT extname FROM pg_extension WHERE extname LIKE '%tle' ORDER BY 1;
DROP EXTENSION base_tle;
DROP EXTENSION pg_tle;
DROP EXTENSION base_tle CASCADE;
SELECT extname FROM pg_extension WHERE extname LIKE '%tle' ORDER BY 1;
SELECT pgtle.uninstall_extension('top_tle');
SELECT pgtle.uninstall_extension('base_tle');
BEGIN;
SELECT pgtle.install_extension('rolled', '1.0', 'rolled back', 'SELECT 1');
ROLLBACK;
SELECT count(*) FROM pgtle.available_extensions() WHERE name = 'rolled';
SELECT pgtle.uninstall_extension('dist');
SELECT pgtle.install_extension('last', '1.0', 'x', 'SELECT 1');
DROP EXTENSION pg_tle;
DROP EXTENSION pg_tle CASCADE;
SELECT count(*) FROM pg_proc WHERE proname LIKE 'last%';
DROP SCHEMA pgtle CASCADE;
DROP ROLE pgtle_admin;
