-- conformance: requires pg_tle
-- pg_tle's edges: how a stored TLE reads back (pg_get_functiondef, as
-- pg_dump prints it), LIKE matching in uninstall_extension, names with
-- database.dev's separators, a TLE whose requires is missing, the
-- update paths of an unknown name, and DROP EXTENSION pg_tle CASCADE
-- taking the stored functions with it.
CREATE EXTENSION pg_tle;
SELECT pgtle.install_extension('hello', '1.0', 'hello world', 'SELECT 1;');
SELECT pg_get_functiondef('pgtle."hello--1.0.sql"()'::regprocedure);
SELECT pg_get_functiondef('pgtle."hello.control"()'::regprocedure);
SELECT pgtle.install_extension('hello_world', '2.0', 'another', 'SELECT 2;');
SELECT pgtle.uninstall_extension('hello');
SELECT * FROM pgtle.available_extensions();
SELECT pgtle.install_extension('olirice@asciiplot', '0.2.1', 'plots', $_$ CREATE FUNCTION @extschema@.plot() RETURNS text LANGUAGE sql AS $$ SELECT '*'::text $$; $_$);
CREATE SCHEMA "Kit Box";
CREATE EXTENSION "olirice@asciiplot" SCHEMA "Kit Box" VERSION '0.2.1';
SELECT "Kit Box".plot();
SELECT extname, extversion, extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'olirice@asciiplot';
DROP EXTENSION "olirice@asciiplot";
SELECT pgtle.install_extension('needs', '1.0', 'needs', 'SELECT 1;', ARRAY['no_such_ext']);
CREATE EXTENSION needs;
CREATE EXTENSION needs CASCADE;
SELECT * FROM pgtle.extension_update_paths('no_such_tle');
SELECT pgtle.install_extension('a@b', '1', 'x', 'SELECT 1;');
SELECT pgtle.install_extension('a.b', '1', 'x', 'SELECT 1;');
SELECT pgtle.install_extension('a/b', '1', 'x', 'SELECT 1;');
SELECT pgtle.install_extension('ab-', '1', 'x', 'SELECT 1;');
SELECT pgtle.install_extension('ab', '1/2', 'x', 'SELECT 1;');
SELECT pgtle.install_extension('ab', '-1', 'x', 'SELECT 1;');
SELECT pgtle.install_extension('ab', '1', 'back\slash', 'SELECT 1;');
SELECT pgtle."ab.control"();
SELECT name, default_version, comment FROM pgtle.available_extensions() ORDER BY name;
SELECT pgtle.uninstall_extension('needs');
SELECT pgtle.uninstall_extension('a@b');
SELECT pgtle.uninstall_extension('ab');
DROP EXTENSION pg_tle CASCADE;
SELECT count(*) FROM pg_proc WHERE proname IN ('hello_world.control', 'hello_world--2.0.sql');
DROP SCHEMA pgtle CASCADE;
DROP ROLE pgtle_admin;
