-- SQL-language functions whose bodies run DDL, SET and other commands
-- the engine handles itself, as pgTAP's tests do through lives_ok().
CREATE FUNCTION make_things() RETURNS void LANGUAGE sql AS $$
  CREATE TABLE made (a int);
  CREATE FUNCTION made_fn() RETURNS int LANGUAGE sql AS 'SELECT 7'
$$;
SELECT make_things();
SELECT made_fn();
INSERT INTO made VALUES (1) RETURNING a;
CREATE FUNCTION set_path() RETURNS int LANGUAGE sql AS $$ SET LOCAL search_path = public; SELECT 3 $$;
BEGIN;
SELECT set_path();
SHOW search_path;
ROLLBACK;
CREATE FUNCTION ddl_then_value() RETURNS text LANGUAGE sql AS $$ CREATE TABLE other_made (b text); SELECT 'done' $$;
SELECT ddl_then_value();
SELECT count(*) FROM other_made;
SELECT ddl_then_value();
CREATE FUNCTION make_view() RETURNS void LANGUAGE sql AS $$ CREATE VIEW made_view AS SELECT a FROM made; COMMENT ON VIEW made_view IS 'v' $$;
SELECT make_view();
SELECT a, obj_description('made_view'::regclass, 'pg_class') FROM made_view;
