-- conformance: requires pg_cron
-- pg_cron 1.5+ pins itself to pg_catalog (its objects live in schema
-- cron): WITH SCHEMA naming another schema fails before the script runs.
CREATE SCHEMA extensions;
CREATE EXTENSION pg_cron WITH SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS pg_cron WITH SCHEMA public;
CREATE EXTENSION pg_cron WITH SCHEMA no_such_schema;
SELECT count(*) FROM pg_extension WHERE extname = 'pg_cron';
