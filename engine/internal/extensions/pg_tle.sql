-- pg_tle 1.4.0 stand-in (aws/pg_tle, as Supabase ships it for
-- PostgreSQL 15): the management API in schema pgtle. A trusted language
-- extension is stored as functions of pgtle returning its control file
-- and its scripts ("name.control"(), "name--1.0.sql"(),
-- "name--1.0--1.1.sql"()); the C functions (pg_tle.go) create and read
-- them, and CREATE / ALTER EXTENSION find them (pg_tle_ext.go).

-- the functions written in C in pg_tle: Go here (pg_tle_funcs.go)
CREATE FUNCTION pgtle.install_extension(name text, version text, description text, ext text, requires text[] DEFAULT NULL)
RETURNS boolean SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_install_extension' LANGUAGE c;

CREATE FUNCTION pgtle.install_extension_version_sql(name text, version text, ext text)
RETURNS boolean SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_install_extension_version_sql' LANGUAGE c;

CREATE FUNCTION pgtle.install_update_path(name text, fromvers text, tovers text, ext text)
RETURNS boolean SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_install_update_path' LANGUAGE c;

CREATE FUNCTION pgtle.set_default_version(name text, version text)
RETURNS boolean SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_set_default_version' LANGUAGE c;

CREATE FUNCTION pgtle.extension_update_paths(name name, OUT source text, OUT target text, OUT path text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'pg_tle_extension_update_paths' LANGUAGE c STABLE STRICT;

CREATE FUNCTION pgtle.available_extensions(OUT name name, OUT default_version text, OUT comment text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'pg_tle_available_extensions' LANGUAGE c STABLE STRICT;

CREATE FUNCTION pgtle.available_extension_versions(OUT name name, OUT version text, OUT superuser boolean,
  OUT trusted boolean, OUT relocatable boolean, OUT schema name, OUT requires name[], OUT comment text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'pg_tle_available_extension_versions' LANGUAGE c STABLE STRICT;

-- uninstalling drops the functions holding an extension (the pattern
-- matching of pg_tle's PL/pgSQL versions is kept: LIKE 'name%.control')
CREATE FUNCTION pgtle.uninstall_extension(extname text)
RETURNS boolean SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_uninstall_extension' LANGUAGE c STRICT;

CREATE FUNCTION pgtle.uninstall_extension_if_exists(extname text)
RETURNS boolean SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_uninstall_extension_if_exists' LANGUAGE c STRICT;

CREATE FUNCTION pgtle.uninstall_extension(extname text, version text)
RETURNS boolean SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_uninstall_extension_version' LANGUAGE c STRICT;

CREATE FUNCTION pgtle.uninstall_update_path(extname text, fromvers text, tovers text)
RETURNS boolean SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_uninstall_update_path' LANGUAGE c STRICT;

CREATE FUNCTION pgtle.uninstall_update_path_if_exists(extname text, fromvers text, tovers text)
RETURNS boolean SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_uninstall_update_path_if_exists' LANGUAGE c STRICT;

-- custom data types: a shell type is a plain CREATE TYPE; base types and
-- operator functions backed by pg_tle's C I/O are not offered
CREATE FUNCTION pgtle.create_shell_type(typenamespace regnamespace, typename name)
RETURNS void SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_create_shell_type' LANGUAGE c STRICT;

CREATE FUNCTION pgtle.create_shell_type_if_not_exists(typenamespace regnamespace, typename name)
RETURNS boolean SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_create_shell_type_if_not_exists' LANGUAGE c STRICT;

CREATE FUNCTION pgtle.create_base_type(typenamespace regnamespace, typename name, infunc regprocedure,
  outfunc regprocedure, internallength int4, alignment text DEFAULT 'int4', storage text DEFAULT 'plain')
RETURNS void SET search_path TO 'pgtle' STRICT
AS 'MODULE_PATHNAME', 'pg_tle_create_base_type_with_storage' LANGUAGE c;

CREATE FUNCTION pgtle.create_base_type_if_not_exists(typenamespace regnamespace, typename name, infunc regprocedure,
  outfunc regprocedure, internallength int4, alignment text DEFAULT 'int4', storage text DEFAULT 'plain')
RETURNS boolean SET search_path TO 'pgtle'
LANGUAGE plpgsql STRICT AS $body$
BEGIN
  PERFORM pgtle.create_base_type(typenamespace, typename, infunc, outfunc, internallength, alignment, storage);
  RETURN true;
EXCEPTION WHEN duplicate_object THEN
  RETURN false;
END
$body$;

CREATE FUNCTION pgtle.create_operator_func(typenamespace regnamespace, typename name, opfunc regprocedure)
RETURNS void SET search_path TO 'pgtle'
AS 'MODULE_PATHNAME', 'pg_tle_create_operator_func' LANGUAGE c STRICT;

CREATE FUNCTION pgtle.create_operator_func_if_not_exists(typenamespace regnamespace, typename name, opfunc regprocedure)
RETURNS boolean SET search_path TO 'pgtle'
LANGUAGE plpgsql STRICT AS $body$
BEGIN
  PERFORM pgtle.create_operator_func(typenamespace, typename, opfunc);
  RETURN true;
EXCEPTION WHEN duplicate_object THEN
  RETURN false;
END
$body$;

-- the management role: kept when it already exists (it is cluster-wide)
DO $do$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'pgtle_admin') THEN
    RAISE NOTICE 'Role "pgtle_admin" already exists. Skipping.';
  ELSE
    CREATE ROLE pgtle_admin NOLOGIN;
  END IF;
END
$do$;

-- hooks: which function serves a feature
CREATE TYPE pgtle.pg_tle_features AS ENUM ('passcheck', 'clientauth');
CREATE TYPE pgtle.password_types AS ENUM ('PASSWORD_TYPE_PLAINTEXT', 'PASSWORD_TYPE_MD5', 'PASSWORD_TYPE_SCRAM_SHA_256');
CREATE TYPE pgtle.clientauth_port_subset AS (
  noblock boolean,
  remote_host text,
  remote_hostname text,
  remote_hostname_resolv integer,
  remote_hostname_errcode integer,
  database_name text,
  user_name text
);

CREATE TABLE pgtle.feature_info (
  feature pgtle.pg_tle_features,
  schema_name text,
  proname text,
  obj_identity text NOT NULL,
  PRIMARY KEY (feature, schema_name, proname)
);

-- feature_identity is pg_identify_object's identity of a function:
-- schema-qualified name and argument types, built-in types other than
-- those with SQL-standard names qualified by pg_catalog
CREATE FUNCTION pgtle.register_feature(proc regproc, feature pgtle.pg_tle_features)
RETURNS void LANGUAGE plpgsql AS $body$
DECLARE
  fn_schema text;
  fn_name text;
  fn_identity text;
BEGIN
  -- the hooks are off unless pgtle.enable_* say otherwise (tinybase has
  -- no such settings: they read as off)
  IF feature = 'passcheck' AND coalesce(current_setting('pgtle.enable_password_check', true), 'off') = 'off' THEN
    RAISE NOTICE 'pgtle.enable_password_check is set to off. To enable passcheck, set pgtle.enable_password_check = on';
  END IF;
  IF feature = 'clientauth' AND coalesce(current_setting('pgtle.enable_clientauth', true), 'off') = 'off' THEN
    RAISE NOTICE 'pgtle.enable_clientauth is set to off. To enable clientauth, set pgtle.enable_clientauth = on';
  END IF;
  SELECT n.nspname, p.proname,
         pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(p.proname) || '(' ||
         coalesce((SELECT pg_catalog.string_agg(
                    CASE WHEN t.typnamespace = 'pg_catalog'::regnamespace
                          AND t.typname NOT IN ('bit', 'bool', 'bpchar', 'float4', 'float8', 'int2', 'int4', 'int8',
                                                'interval', 'numeric', 'time', 'timestamp', 'timetz', 'timestamptz',
                                                'varbit', 'varchar')
                         THEN 'pg_catalog.' || pg_catalog.format_type(t.oid, NULL)
                         WHEN t.typnamespace = 'pg_catalog'::regnamespace
                         THEN pg_catalog.format_type(t.oid, NULL)
                         ELSE pg_catalog.quote_ident(tn.nspname) || '.' || pg_catalog.quote_ident(t.typname) END,
                    ',' ORDER BY a.ord)
                   FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY a(typ, ord)
                   JOIN pg_catalog.pg_type t ON t.oid = a.typ
                   JOIN pg_catalog.pg_namespace tn ON tn.oid = t.typnamespace), '') || ')'
    INTO fn_schema, fn_name, fn_identity
    FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
   WHERE p.oid = proc;
  INSERT INTO pgtle.feature_info VALUES (feature, fn_schema, fn_name, fn_identity);
END
$body$;

-- registering again is false, after the same notices
CREATE FUNCTION pgtle.register_feature_if_not_exists(proc regproc, feature pgtle.pg_tle_features)
RETURNS boolean LANGUAGE plpgsql AS $body$
BEGIN
  IF EXISTS (SELECT FROM pgtle.feature_info f
               JOIN pg_catalog.pg_proc p ON p.proname = f.proname
               JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace AND n.nspname = f.schema_name
              WHERE p.oid = proc AND f.feature = register_feature_if_not_exists.feature) THEN
    IF feature = 'passcheck' AND coalesce(current_setting('pgtle.enable_password_check', true), 'off') = 'off' THEN
      RAISE NOTICE 'pgtle.enable_password_check is set to off. To enable passcheck, set pgtle.enable_password_check = on';
    END IF;
    IF feature = 'clientauth' AND coalesce(current_setting('pgtle.enable_clientauth', true), 'off') = 'off' THEN
      RAISE NOTICE 'pgtle.enable_clientauth is set to off. To enable clientauth, set pgtle.enable_clientauth = on';
    END IF;
    RETURN false;
  END IF;
  PERFORM pgtle.register_feature(proc, feature);
  RETURN true;
END
$body$;

CREATE FUNCTION pgtle.unregister_feature(proc regproc, feature pgtle.pg_tle_features)
RETURNS void LANGUAGE plpgsql AS $body$
DECLARE
  removed bigint;
BEGIN
  DELETE FROM pgtle.feature_info f
   USING pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
   WHERE p.oid = proc AND f.feature = unregister_feature.feature
     AND f.schema_name = n.nspname AND f.proname = p.proname;
  GET DIAGNOSTICS removed = ROW_COUNT;
  IF removed = 0 THEN
    RAISE EXCEPTION 'Could not unregister "%": does not exist.', proc USING ERRCODE = 'no_data_found';
  END IF;
END
$body$;

CREATE FUNCTION pgtle.unregister_feature_if_exists(proc regproc, feature pgtle.pg_tle_features)
RETURNS boolean LANGUAGE plpgsql AS $body$
BEGIN
  PERFORM pgtle.unregister_feature(proc, feature);
  RETURN true;
EXCEPTION WHEN no_data_found THEN
  RETURN false;
END
$body$;

-- a registered function cannot be dropped; DROP EXTENSION forgets the
-- features of the functions it drops
CREATE FUNCTION pgtle.pg_tle_feature_info_sql_drop()
RETURNS event_trigger LANGUAGE plpgsql AS $body$
DECLARE
  obj record;
BEGIN
  FOR obj IN SELECT * FROM pg_catalog.pg_event_trigger_dropped_objects() WHERE object_type = 'function' LOOP
    IF tg_tag = 'DROP EXTENSION' THEN
      -- a role that may not delete from it leaves the rows behind
      BEGIN
        DELETE FROM pgtle.feature_info WHERE schema_name = obj.schema_name
           AND obj.object_identity LIKE pg_catalog.quote_ident(schema_name) || '.' || pg_catalog.quote_ident(proname) || '(%';
      EXCEPTION WHEN insufficient_privilege THEN
        NULL;
      END;
    ELSIF EXISTS (SELECT FROM pgtle.feature_info WHERE schema_name = obj.schema_name
         AND obj.object_identity LIKE pg_catalog.quote_ident(schema_name) || '.' || pg_catalog.quote_ident(proname) || '(%') THEN
      RAISE EXCEPTION 'Function is referenced in pgtle.feature_info';
    END IF;
  END LOOP;
END
$body$;

CREATE EVENT TRIGGER pg_tle_event_trigger_for_drop_function ON sql_drop
  EXECUTE FUNCTION pgtle.pg_tle_feature_info_sql_drop();

-- only pgtle_admin manages extensions and features; anyone may list them
REVOKE EXECUTE ON FUNCTION
  pgtle.install_extension(text, text, text, text, text[]),
  pgtle.install_extension_version_sql(text, text, text),
  pgtle.install_update_path(text, text, text, text),
  pgtle.set_default_version(text, text),
  pgtle.uninstall_extension(text),
  pgtle.uninstall_extension(text, text),
  pgtle.uninstall_extension_if_exists(text),
  pgtle.uninstall_update_path(text, text, text),
  pgtle.uninstall_update_path_if_exists(text, text, text),
  pgtle.create_shell_type(regnamespace, name),
  pgtle.create_shell_type_if_not_exists(regnamespace, name),
  pgtle.create_base_type(regnamespace, name, regprocedure, regprocedure, int4, text, text),
  pgtle.create_base_type_if_not_exists(regnamespace, name, regprocedure, regprocedure, int4, text, text),
  pgtle.create_operator_func(regnamespace, name, regprocedure),
  pgtle.create_operator_func_if_not_exists(regnamespace, name, regprocedure),
  pgtle.register_feature(regproc, pgtle.pg_tle_features),
  pgtle.register_feature_if_not_exists(regproc, pgtle.pg_tle_features),
  pgtle.unregister_feature(regproc, pgtle.pg_tle_features),
  pgtle.unregister_feature_if_exists(regproc, pgtle.pg_tle_features)
FROM PUBLIC;

GRANT EXECUTE ON FUNCTION
  pgtle.install_extension(text, text, text, text, text[]),
  pgtle.install_extension_version_sql(text, text, text),
  pgtle.install_update_path(text, text, text, text),
  pgtle.set_default_version(text, text),
  pgtle.uninstall_extension(text),
  pgtle.uninstall_extension(text, text),
  pgtle.uninstall_extension_if_exists(text),
  pgtle.uninstall_update_path(text, text, text),
  pgtle.uninstall_update_path_if_exists(text, text, text),
  pgtle.create_shell_type(regnamespace, name),
  pgtle.create_shell_type_if_not_exists(regnamespace, name),
  pgtle.create_base_type(regnamespace, name, regprocedure, regprocedure, int4, text, text),
  pgtle.create_base_type_if_not_exists(regnamespace, name, regprocedure, regprocedure, int4, text, text),
  pgtle.create_operator_func(regnamespace, name, regprocedure),
  pgtle.create_operator_func_if_not_exists(regnamespace, name, regprocedure),
  pgtle.register_feature(regproc, pgtle.pg_tle_features),
  pgtle.register_feature_if_not_exists(regproc, pgtle.pg_tle_features),
  pgtle.unregister_feature(regproc, pgtle.pg_tle_features),
  pgtle.unregister_feature_if_exists(regproc, pgtle.pg_tle_features)
TO pgtle_admin;

GRANT SELECT ON pgtle.feature_info TO PUBLIC;
GRANT INSERT, DELETE ON pgtle.feature_info TO pgtle_admin;

REVOKE ALL ON SCHEMA pgtle FROM PUBLIC;
GRANT USAGE ON SCHEMA pgtle TO PUBLIC;
GRANT USAGE, CREATE ON SCHEMA pgtle TO pgtle_admin;
