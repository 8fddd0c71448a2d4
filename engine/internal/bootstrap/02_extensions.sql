-- The extensions a fresh Supabase project has, installed into the
-- `extensions` schema (supabase/postgres initial-schema.sql). In tinybase
-- their functions are built in; CREATE EXTENSION makes them visible as
-- extensions.<name> and, through the default search_path, unqualified.

CREATE EXTENSION IF NOT EXISTS "uuid-ossp" WITH SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA extensions;
