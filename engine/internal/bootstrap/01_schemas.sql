-- Schemas of a fresh Supabase project. `public` already exists.
-- The default search_path Supabase gives its roles is
-- "$user", public, extensions: tinybase sets it as the engine's default;
-- the conformance recorder sets it on the database it records in
-- (ALTER DATABASE ... SET search_path), never on a cluster-wide role.

CREATE SCHEMA IF NOT EXISTS extensions;
CREATE SCHEMA IF NOT EXISTS auth AUTHORIZATION supabase_auth_admin;
CREATE SCHEMA IF NOT EXISTS storage AUTHORIZATION supabase_storage_admin;
CREATE SCHEMA IF NOT EXISTS graphql_public;
CREATE SCHEMA IF NOT EXISTS supabase_migrations;
