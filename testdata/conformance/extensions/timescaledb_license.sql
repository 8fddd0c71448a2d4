-- conformance: requires timescaledb
-- The Timescale License features of TimescaleDB 2.16.1 fail in the Apache
-- 2 Edition Supabase ships (the oracle: timescaledb.license = 'apache').
CREATE SCHEMA extensions;
CREATE EXTENSION timescaledb WITH SCHEMA extensions;
SET search_path = public, extensions;
CREATE TABLE metrics (time timestamptz NOT NULL, v int);
SELECT created FROM create_hypertable('metrics', 'time');
SELECT add_retention_policy('metrics', INTERVAL '30 days');
SELECT add_retention_policy('metrics', drop_after => INTERVAL '30 days', if_not_exists => true);
SELECT remove_retention_policy('metrics');
SELECT add_compression_policy('metrics', INTERVAL '7 days');
SELECT remove_compression_policy('metrics');
SELECT add_reorder_policy('metrics', 'metrics_time_idx');
SELECT remove_reorder_policy('metrics');
SELECT add_continuous_aggregate_policy('metrics', INTERVAL '1 month', INTERVAL '1 hour', INTERVAL '1 hour');
SELECT remove_continuous_aggregate_policy('metrics');
CALL refresh_continuous_aggregate('metrics', NULL, NULL);
SELECT add_job('now'::regproc, INTERVAL '1 day');
SELECT alter_job(1, scheduled => false);
SELECT delete_job(1);
CALL run_job(1);
SELECT compress_chunk('metrics');
SELECT decompress_chunk('metrics');
SELECT time_bucket_gapfill(INTERVAL '1 hour', now());
SELECT time_bucket_gapfill(INTERVAL '1 hour', time, now() - INTERVAL '1 day', now()) FROM metrics;
SELECT time_bucket_gapfill(5, 12, 0, 20);
SELECT locf(1);
SELECT interpolate(1.5::float8);
SELECT p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'extensions' AND p.proname IN ('create_hypertable', 'by_range', 'by_hash', 'set_chunk_time_interval', 'show_chunks', 'drop_chunks', 'hypertable_size', 'hypertable_detailed_size', 'add_retention_policy', 'add_compression_policy', 'add_job') ORDER BY 1, 2;
SELECT p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'extensions' AND p.proname IN ('time_bucket', 'time_bucket_gapfill') ORDER BY 1, 2;
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ((n.nspname = 'timescaledb_information' AND c.relname IN ('hypertables', 'dimensions')) OR (n.nspname = '_timescaledb_catalog' AND c.relname IN ('hypertable', 'dimension'))) AND a.attnum > 0 ORDER BY n.nspname, 1, a.attnum;
SELECT extname, extversion, extrelocatable FROM pg_extension WHERE extname = 'timescaledb';
DROP EXTENSION timescaledb;
SELECT count(*) FROM pg_namespace WHERE nspname LIKE '%timescaledb%';
