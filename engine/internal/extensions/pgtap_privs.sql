-- pgTAP's privilege assertions beyond tables and schemas
-- (pgtap_schema.sql's): the privileges each kind of object can have, and
-- database_privs_are, function_privs_are, language_privs_are,
-- tablespace_privs_are, sequence_privs_are, any_column_privs_are,
-- column_privs_are, fdw_privs_are and server_privs_are, comparing what
-- has_*_privilege says the role holds with the list (Extra / Missing
-- privileges, as _areni prints them).
CREATE FUNCTION @extschema@._table_privs() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE']
$$;
CREATE FUNCTION @extschema@._db_privs() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['CREATE', 'CONNECT', 'TEMPORARY']
$$;
-- _privs_check(kind, object, role, exists, privileges held, wanted,
-- description): the comparison, or a failure naming what does not exist.
CREATE FUNCTION @extschema@._privs_check(text, text, name, boolean, text[], name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE
    WHEN NOT $4 THEN @extschema@.ok(false, $7) || E'\n' || @extschema@.diag('    ' || $1 || ' ' || $2 || ' does not exist')
    WHEN NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $3)
      THEN @extschema@.ok(false, $7) || E'\n' || @extschema@.diag('    Role ' || quote_ident($3) || ' does not exist')
    ELSE @extschema@._privs_are($5, $6, $7) END
$$;
CREATE FUNCTION @extschema@._privs_desc(name, name[], text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'Role ' || quote_ident($1) || ' should be granted '
    || CASE WHEN $2[1] IS NULL THEN 'no privileges' ELSE array_to_string($2, ', ') END || ' on ' || $3
$$;
-- _held(role, privileges, check): the privileges check says the role
-- holds; the role must exist (checked first by _privs_check).
CREATE FUNCTION @extschema@.database_privs_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._privs_check('Database', quote_ident($1), $2,
    EXISTS (SELECT 1 FROM pg_catalog.pg_database WHERE datname = $1),
    CASE WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_database WHERE datname = $1) AND EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $2)
      THEN ARRAY(SELECT p FROM unnest(@extschema@._db_privs()) p WHERE pg_catalog.has_database_privilege($2, $1::text, p)) END,
    $3, $4)
$$;
CREATE FUNCTION @extschema@.database_privs_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.database_privs_are($1, $2, $3, @extschema@._privs_desc($2, $3, 'database ' || quote_ident($1)))
$$;
-- _fprivs_are(signature, role, wanted, description): EXECUTE or nothing.
CREATE FUNCTION @extschema@._fprivs_are(text, name, name[], text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  held text[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $2) THEN
    RETURN @extschema@.ok(false, $4) || E'\n' || @extschema@.diag('    Role ' || quote_ident($2) || ' does not exist');
  END IF;
  BEGIN
    held := CASE WHEN pg_catalog.has_function_privilege($2, $1, 'EXECUTE') THEN ARRAY['EXECUTE'] ELSE '{}'::text[] END;
  EXCEPTION WHEN undefined_function THEN
    RETURN @extschema@.ok(false, $4) || E'\n' || @extschema@.diag('    Function ' || $1 || ' does not exist');
  END;
  RETURN @extschema@._privs_are(held, $3, $4);
END;
$$;
CREATE FUNCTION @extschema@.function_privs_are(name, name, name[], name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._fprivs_are(quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ')', $4, $5, $6)
$$;
CREATE FUNCTION @extschema@.function_privs_are(name, name, name[], name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.function_privs_are($1, $2, $3, $4, $5, @extschema@._privs_desc($4, $5,
    'function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ')'))
$$;
CREATE FUNCTION @extschema@.function_privs_are(name, name[], name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._fprivs_are(quote_ident($1) || '(' || array_to_string($2, ', ') || ')', $3, $4, $5)
$$;
CREATE FUNCTION @extschema@.function_privs_are(name, name[], name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.function_privs_are($1, $2, $3, $4, @extschema@._privs_desc($3, $4,
    'function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ')'))
$$;
