-- The extensions a fresh Supabase project has, installed into the
-- `extensions` schema (supabase/postgres initial-schema.sql). In tinybase
-- their functions are built in; CREATE EXTENSION makes them visible as
-- extensions.<name> and, through the default search_path, unqualified.

CREATE EXTENSION IF NOT EXISTS "uuid-ossp" WITH SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA extensions;
-- A Supabase project lists pg_stat_statements too (`supabase db dump`
-- writes it WITH SCHEMA extensions).
CREATE EXTENSION IF NOT EXISTS pg_stat_statements WITH SCHEMA extensions;

-- pg_graphql is on by default in Supabase projects (schema graphql), with
-- graphql_public.graphql as the API's entry point; `supabase db dump`
-- writes CREATE EXTENSION IF NOT EXISTS "pg_graphql" WITH SCHEMA "graphql".
-- Here without WITH SCHEMA: CREATE EXTENSION creates the control file's
-- schema, while a schema it is given by name must exist already.
CREATE EXTENSION IF NOT EXISTS pg_graphql;

-- supabase_vault is on by default too (supabase/postgres's create_vault
-- migration; schema vault), so migrations call vault.create_secret and
-- read vault.decrypted_secrets without creating it.
CREATE EXTENSION IF NOT EXISTS supabase_vault;

-- `supabase start` installs pg_net with its database webhooks
-- (09_webhooks.sql), so a local project has net.http_* and
-- supabase_functions.http_request before its first migration.
CREATE EXTENSION IF NOT EXISTS pg_net WITH SCHEMA extensions;
