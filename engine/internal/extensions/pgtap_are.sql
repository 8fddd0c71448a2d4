-- Operator classes: has_opclass, hasnt_opclass and opclasses_are (pgTAP
-- docs: "Have at it!" and "The Schema Things"). A class without a schema
-- is one the search path finds (pg_opclass_is_visible).
CREATE FUNCTION @extschema@._opclasses(name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT oc.opcname FROM pg_catalog.pg_opclass oc JOIN pg_catalog.pg_namespace n ON n.oid = oc.opcnamespace
                WHERE CASE WHEN $1 IS NULL
                           THEN n.nspname NOT IN ('pg_catalog', 'information_schema') AND pg_catalog.pg_opclass_is_visible(oc.oid)
                           ELSE n.nspname = $1 END)
$$;
CREATE FUNCTION @extschema@._has_opclass(name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_opclass oc JOIN pg_catalog.pg_namespace n ON n.oid = oc.opcnamespace
                  WHERE oc.opcname = $2 AND CASE WHEN $1 IS NULL THEN pg_catalog.pg_opclass_is_visible(oc.oid) ELSE n.nspname = $1 END)
$$;
CREATE FUNCTION @extschema@.has_opclass(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_opclass($1, $2), $3) $$;
CREATE FUNCTION @extschema@.has_opclass(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_opclass($1, $2, 'Operator class ' || quote_ident($1) || '.' || quote_ident($2) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_opclass(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_opclass(NULL, $1), $2) $$;
CREATE FUNCTION @extschema@.has_opclass(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_opclass($1, 'Operator class ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_opclass(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_opclass($1, $2), $3) $$;
CREATE FUNCTION @extschema@.hasnt_opclass(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_opclass($1, $2, 'Operator class ' || quote_ident($1) || '.' || quote_ident($2) || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_opclass(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_opclass(NULL, $1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_opclass(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_opclass($1, 'Operator class ' || quote_ident($1) || ' should not exist') $$;
CREATE FUNCTION @extschema@.opclasses_are(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._names_are('operator classes', @extschema@._opclasses($1), $2, $3) $$;
CREATE FUNCTION @extschema@.opclasses_are(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.opclasses_are($1, $2, 'Schema ' || quote_ident($1) || ' should have the correct operator classes') $$;
CREATE FUNCTION @extschema@.opclasses_are(name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._names_are('operator classes', @extschema@._opclasses(NULL), $1, $2) $$;
CREATE FUNCTION @extschema@.opclasses_are(name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.opclasses_are($1, 'Search path ' || pg_catalog.current_setting('search_path') || ' should have the correct operator classes') $$;
