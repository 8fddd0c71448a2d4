-- Operator classes: opclasses_are (has_opclass and hasnt_opclass are in
-- pgtap_has.sql; pgTAP docs: "Have at it!" and "The Schema Things"). A class without a schema
-- is one the search path finds (pg_opclass_is_visible).
CREATE FUNCTION @extschema@._opclasses(name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT oc.opcname FROM pg_catalog.pg_opclass oc JOIN pg_catalog.pg_namespace n ON n.oid = oc.opcnamespace
                WHERE CASE WHEN $1 IS NULL
                           THEN n.nspname NOT IN ('pg_catalog', 'information_schema') AND pg_catalog.pg_opclass_is_visible(oc.oid)
                           ELSE n.nspname = $1 END)
$$;
CREATE FUNCTION @extschema@.opclasses_are(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._names_are('operator classes', @extschema@._opclasses($1), $2, $3) $$;
CREATE FUNCTION @extschema@.opclasses_are(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.opclasses_are($1, $2, 'Schema ' || quote_ident($1) || ' should have the correct operator classes') $$;
CREATE FUNCTION @extschema@.opclasses_are(name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._names_are('operator classes', @extschema@._opclasses(NULL), $1, $2) $$;
CREATE FUNCTION @extschema@.opclasses_are(name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.opclasses_are($1, 'Search path ' || pg_catalog.current_setting('search_path') || ' should have the correct operator classes') $$;
