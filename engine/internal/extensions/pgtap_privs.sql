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
CREATE FUNCTION @extschema@._privs_desc(name, name[], text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'Role ' || quote_ident($1) || ' should be granted '
    || CASE WHEN $2[1] IS NULL THEN 'no privileges' ELSE array_to_string($2, ', ') END || ' on ' || $3
$$;
-- _obj_privs_are(kind, label, exists, object, role, privileges, wanted,
-- description): the privileges of the list has_<kind>_privilege says the
-- role holds, compared with the wanted ones; a failure naming the object
-- (label) or the role when it does not exist.
CREATE FUNCTION @extschema@._obj_privs_are(text, text, boolean, text, name, text[], name[], text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  held text[] := '{}';
  p text;
  yes boolean;
BEGIN
  IF NOT $3 THEN
    RETURN @extschema@.ok(false, $8) || E'\n' || @extschema@.diag('    ' || $2 || ' does not exist');
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $5) THEN
    RETURN @extschema@.ok(false, $8) || E'\n' || @extschema@.diag('    Role ' || quote_ident($5) || ' does not exist');
  END IF;
  FOREACH p IN ARRAY $6 LOOP
    EXECUTE pg_catalog.format('SELECT pg_catalog.has_%s_privilege($1, $2, $3)', $1) INTO yes USING $5, $4, p;
    IF yes THEN
      held := held || p;
    END IF;
  END LOOP;
  RETURN @extschema@._privs_are(held, $7, $8);
END;
$$;
CREATE FUNCTION @extschema@.database_privs_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._obj_privs_are('database', 'Database ' || quote_ident($1), EXISTS (SELECT 1 FROM pg_catalog.pg_database WHERE datname = $1),
    $1::text, $2, @extschema@._db_privs(), $3, $4)
$$;
CREATE FUNCTION @extschema@.language_privs_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._obj_privs_are('language', 'Language ' || quote_ident($1), EXISTS (SELECT 1 FROM pg_catalog.pg_language WHERE lanname = $1),
    $1::text, $2, ARRAY['USAGE'], $3, $4)
$$;
CREATE FUNCTION @extschema@.tablespace_privs_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._obj_privs_are('tablespace', 'Tablespace ' || quote_ident($1), EXISTS (SELECT 1 FROM pg_catalog.pg_tablespace WHERE spcname = $1),
    $1::text, $2, ARRAY['CREATE'], $3, $4)
$$;
-- holds; the role must exist (checked first by _privs_check).
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
CREATE FUNCTION @extschema@.language_privs_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.language_privs_are($1, $2, $3, @extschema@._privs_desc($2, $3, 'language ' || quote_ident($1)))
$$;
CREATE FUNCTION @extschema@.tablespace_privs_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.tablespace_privs_are($1, $2, $3, @extschema@._privs_desc($2, $3, 'tablespace ' || quote_ident($1)))
$$;
-- _rel_privs_are(kind, relation, column, role, privileges, wanted,
-- description, missing relation, missing column): has_<kind>_privilege
-- of each privilege; a missing role, relation or column fails with its
-- diagnostic, in the order PostgreSQL reports them (the role first).
CREATE FUNCTION @extschema@._rel_privs_are(text, text, name, name, text[], name[], text, text, text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  held text[] := '{}';
  p text;
  yes boolean;
BEGIN
  FOREACH p IN ARRAY $5 LOOP
    BEGIN
      IF $3 IS NULL THEN
        EXECUTE pg_catalog.format('SELECT pg_catalog.has_%s_privilege($1, $2, $3)', $1) INTO yes USING $4, $2, p;
      ELSE
        yes := pg_catalog.has_column_privilege($4, $2, $3, p);
      END IF;
    EXCEPTION
      WHEN undefined_column THEN
        RETURN @extschema@.ok(false, $7) || E'\n' || @extschema@.diag('    ' || $9 || ' does not exist');
      WHEN undefined_table THEN
        RETURN @extschema@.ok(false, $7) || E'\n' || @extschema@.diag('    ' || $8 || ' does not exist');
      WHEN undefined_object THEN
        RETURN @extschema@.ok(false, $7) || E'\n' || @extschema@.diag('    Role ' || quote_ident($4) || ' does not exist');
    END;
    IF yes THEN
      held := held || p;
    END IF;
  END LOOP;
  RETURN @extschema@._privs_are(held, $6, $7);
END;
$$;
CREATE FUNCTION @extschema@.sequence_privs_are(name, name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._rel_privs_are('sequence', quote_ident($1) || '.' || quote_ident($2), NULL, $3, ARRAY['SELECT', 'UPDATE', 'USAGE'], $4, $5,
    'Sequence ' || quote_ident($1) || '.' || quote_ident($2), NULL)
$$;
CREATE FUNCTION @extschema@.sequence_privs_are(name, name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.sequence_privs_are($1, $2, $3, $4, @extschema@._privs_desc($3, $4, 'sequence ' || quote_ident($1) || '.' || quote_ident($2)))
$$;
-- Without a schema pgTAP names the sequence and the role in the
-- diagnostic; kept so the output is pgTAP's.
CREATE FUNCTION @extschema@.sequence_privs_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._rel_privs_are('sequence', quote_ident($1), NULL, $2, ARRAY['SELECT', 'UPDATE', 'USAGE'], $3, $4,
    'Sequence ' || quote_ident($1) || '.' || quote_ident($2), NULL)
$$;
CREATE FUNCTION @extschema@.sequence_privs_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.sequence_privs_are($1, $2, $3, @extschema@._privs_desc($2, $3, 'sequence ' || quote_ident($1)))
$$;
CREATE FUNCTION @extschema@.any_column_privs_are(name, name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._rel_privs_are('any_column', quote_ident($1) || '.' || quote_ident($2), NULL, $3, ARRAY['INSERT', 'REFERENCES', 'SELECT', 'UPDATE'], $4, $5,
    'Table ' || quote_ident($1) || '.' || quote_ident($2), NULL)
$$;
CREATE FUNCTION @extschema@.any_column_privs_are(name, name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.any_column_privs_are($1, $2, $3, $4, @extschema@._privs_desc($3, $4, 'any column in ' || quote_ident($1) || '.' || quote_ident($2)))
$$;
CREATE FUNCTION @extschema@.any_column_privs_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._rel_privs_are('any_column', quote_ident($1), NULL, $2, ARRAY['INSERT', 'REFERENCES', 'SELECT', 'UPDATE'], $3, $4,
    'Table ' || quote_ident($1) || '.' || quote_ident($2), NULL)
$$;
CREATE FUNCTION @extschema@.any_column_privs_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.any_column_privs_are($1, $2, $3, @extschema@._privs_desc($2, $3, 'any column in ' || quote_ident($1)))
$$;
CREATE FUNCTION @extschema@.column_privs_are(name, name, name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._rel_privs_are('column', quote_ident($1) || '.' || quote_ident($2), $3, $4, ARRAY['INSERT', 'REFERENCES', 'SELECT', 'UPDATE'], $5, $6,
    'Table ' || quote_ident($1) || '.' || quote_ident($2), 'Column ' || quote_ident($1) || '.' || quote_ident($2) || '.' || quote_ident($3))
$$;
CREATE FUNCTION @extschema@.column_privs_are(name, name, name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.column_privs_are($1, $2, $3, $4, $5, @extschema@._privs_desc($4, $5, 'column ' || quote_ident($1) || '.' || quote_ident($2) || '.' || quote_ident($3)))
$$;
CREATE FUNCTION @extschema@.column_privs_are(name, name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._rel_privs_are('column', quote_ident($1), $2, $3, ARRAY['INSERT', 'REFERENCES', 'SELECT', 'UPDATE'], $4, $5,
    'Table ' || quote_ident($1), 'Column ' || quote_ident($1) || '.' || quote_ident($2))
$$;
CREATE FUNCTION @extschema@.column_privs_are(name, name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.column_privs_are($1, $2, $3, $4, @extschema@._privs_desc($3, $4, 'column ' || quote_ident($1) || '.' || quote_ident($2)))
$$;
CREATE FUNCTION @extschema@.fdw_privs_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._obj_privs_are('foreign_data_wrapper', 'FDW ' || quote_ident($1),
    EXISTS (SELECT 1 FROM pg_catalog.pg_foreign_data_wrapper WHERE fdwname = $1), $1::text, $2, ARRAY['USAGE'], $3, $4)
$$;
CREATE FUNCTION @extschema@.fdw_privs_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.fdw_privs_are($1, $2, $3, @extschema@._privs_desc($2, $3, 'FDW ' || quote_ident($1)))
$$;
CREATE FUNCTION @extschema@.server_privs_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._obj_privs_are('server', 'Server ' || quote_ident($1),
    EXISTS (SELECT 1 FROM pg_catalog.pg_foreign_server WHERE srvname = $1), $1::text, $2, ARRAY['USAGE'], $3, $4)
$$;
CREATE FUNCTION @extschema@.server_privs_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.server_privs_are($1, $2, $3, @extschema@._privs_desc($2, $3, 'server ' || quote_ident($1)))
$$;
