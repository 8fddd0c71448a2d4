-- Roles a Supabase project has before its first migration
-- (supabase/postgres init-scripts/00000000000000-initial-schema.sql and the
-- later role migrations, as of 2026).
--
-- Roles are cluster-wide, so this file must be re-runnable on a PostgreSQL
-- cluster where they already exist: every CREATE ROLE is followed by an
-- ALTER ROLE that sets the attributes, and an applier running this file
-- against a real PostgreSQL ignores 42710 (duplicate_object) from CREATE
-- ROLE (bootstrap.Apply does that). GRANT of an existing membership is a
-- NOTICE, not an error.
--
-- Deviation from hosted Supabase: `postgres` stays a superuser (Supabase
-- demotes it to NOSUPERUSER BYPASSRLS CREATEROLE CREATEDB); the oracle
-- cluster connects as postgres, and tinybase's conformance goldens are
-- recorded from it.

CREATE ROLE supabase_admin;
ALTER ROLE supabase_admin WITH SUPERUSER CREATEDB CREATEROLE REPLICATION BYPASSRLS LOGIN;

CREATE ROLE anon;
ALTER ROLE anon WITH NOLOGIN INHERIT NOBYPASSRLS;

CREATE ROLE authenticated;
ALTER ROLE authenticated WITH NOLOGIN INHERIT NOBYPASSRLS;

CREATE ROLE service_role;
ALTER ROLE service_role WITH NOLOGIN INHERIT BYPASSRLS;

CREATE ROLE authenticator;
ALTER ROLE authenticator WITH LOGIN NOINHERIT;
GRANT anon TO authenticator;
GRANT authenticated TO authenticator;
GRANT service_role TO authenticator;

CREATE ROLE supabase_auth_admin;
ALTER ROLE supabase_auth_admin WITH LOGIN NOINHERIT NOCREATEROLE;

CREATE ROLE supabase_storage_admin;
ALTER ROLE supabase_storage_admin WITH LOGIN NOINHERIT CREATEROLE;

GRANT supabase_auth_admin TO postgres;
GRANT supabase_storage_admin TO postgres;
GRANT anon TO postgres;
GRANT authenticated TO postgres;
GRANT service_role TO postgres;

-- Owner of the database-webhook objects (09_webhooks.sql), as the
-- Supabase CLI creates it at `supabase start`.
CREATE ROLE supabase_functions_admin;
ALTER ROLE supabase_functions_admin WITH LOGIN NOINHERIT CREATEROLE NOREPLICATION;
GRANT supabase_functions_admin TO postgres;
