-- pg_graphql 1.5 stand-in (supabase/pg_graphql docs): the graphql schema's
-- objects with pg_graphql's signatures. graphql._internal_resolve is the
-- Go resolver (pg_graphql_*.go); graphql.resolve wraps it so that an error
-- raised while resolving comes back as a GraphQL error document, as
-- pg_graphql's does. Supabase's graphql_public.graphql wrapper and its
-- grants are created with the extension when graphql_public exists.

-- Bumped by DDL (the event triggers below); clients cache the reflected
-- schema by it.
CREATE SEQUENCE graphql.seq_schema_version AS int CYCLE;

CREATE FUNCTION graphql.increment_schema_version() RETURNS event_trigger
LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  PERFORM pg_catalog.nextval('graphql.seq_schema_version');
END
$$;

CREATE FUNCTION graphql.get_schema_version() RETURNS int
LANGUAGE sql SECURITY DEFINER AS $$
  SELECT last_value FROM graphql.seq_schema_version
$$;

CREATE EVENT TRIGGER graphql_watch_ddl ON ddl_command_end
  EXECUTE FUNCTION graphql.increment_schema_version();
CREATE EVENT TRIGGER graphql_watch_drop ON sql_drop
  EXECUTE FUNCTION graphql.increment_schema_version();

-- The JSON inside @graphql(...) of a comment, {} when there is none.
CREATE FUNCTION graphql.comment_directive(comment_ text) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((pg_catalog.regexp_match(comment_, '@graphql\((.+)\)'))[1]::jsonb, '{}'::jsonb)
$$;

CREATE FUNCTION graphql.exception(message text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = '22000', MESSAGE = message;
END
$$;

CREATE FUNCTION graphql._internal_resolve(
  query text,
  variables jsonb DEFAULT '{}'::jsonb,
  "operationName" text DEFAULT NULL::text,
  extensions jsonb DEFAULT NULL::jsonb
) RETURNS jsonb AS 'MODULE_PATHNAME', 'resolve_wrapper' LANGUAGE c;

CREATE FUNCTION graphql.resolve(
  query text,
  variables jsonb DEFAULT '{}'::jsonb,
  "operationName" text DEFAULT NULL::text,
  extensions jsonb DEFAULT NULL::jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  msg text;
BEGIN
  RETURN graphql._internal_resolve(query := query, variables := variables,
    "operationName" := "operationName", extensions := extensions);
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS msg = MESSAGE_TEXT;
  RETURN pg_catalog.jsonb_build_object('data', NULL,
    'errors', pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object('message', msg)));
END
$$;

-- Supabase's API entry point (what /graphql/v1 calls through PostgREST)
-- and its grants, as Supabase's pg_graphql event trigger sets them up.
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_namespace WHERE nspname = 'graphql_public') THEN
    EXECUTE $f$
      CREATE OR REPLACE FUNCTION graphql_public.graphql(
        "operationName" text DEFAULT NULL::text,
        query text DEFAULT NULL::text,
        variables jsonb DEFAULT NULL::jsonb,
        extensions jsonb DEFAULT NULL::jsonb
      ) RETURNS jsonb LANGUAGE sql AS $b$
        SELECT graphql.resolve(query := query, variables := coalesce(variables, '{}'),
          "operationName" := "operationName", extensions := extensions);
      $b$
    $f$;
    GRANT USAGE ON SCHEMA graphql TO postgres, anon, authenticated, service_role;
    GRANT EXECUTE ON FUNCTION graphql.resolve(text, jsonb, text, jsonb) TO postgres, anon, authenticated, service_role;
    GRANT USAGE ON SCHEMA graphql TO postgres WITH GRANT OPTION;
    GRANT USAGE ON SCHEMA graphql_public TO postgres WITH GRANT OPTION;
  END IF;
END
$$;
