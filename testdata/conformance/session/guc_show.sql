-- SHOW and pg_settings for PostgreSQL's parameters beyond the ones
-- tinybase acts on: Supabase Studio and pgAdmin read max_connections and
-- friends, drivers SHOW a few.
SHOW max_connections;
SHOW shared_buffers;
SHOW wal_level;
SHOW max_wal_size;
SHOW checkpoint_timeout;
SHOW effective_io_concurrency;
SHOW random_page_cost;
SHOW autovacuum_vacuum_scale_factor;
SHOW autovacuum_naptime;
SHOW log_rotation_age;
SHOW vacuum_cost_delay;
SHOW huge_pages;
SHOW wal_compression;
SHOW password_encryption;
SHOW max_locks_per_transaction;
SHOW temp_buffers;
SHOW Max_Connections;
SHOW no_such_parameter;
SELECT current_setting('max_connections'), current_setting('shared_buffers'), current_setting('block_size');
SELECT name, setting, unit, vartype, context, min_val, max_val, enumvals, boot_val, source
FROM pg_settings
WHERE name IN ('max_connections', 'shared_buffers', 'work_mem', 'maintenance_work_mem',
  'random_page_cost', 'checkpoint_timeout', 'autovacuum', 'synchronous_commit', 'wal_compression',
  'vacuum_cost_delay', 'log_rotation_age', 'huge_pages', 'block_size',
  'max_worker_processes', 'temp_file_limit', 'default_statistics_target')
ORDER BY name;
SELECT name, setting, vartype, context, enumvals, boot_val FROM pg_settings WHERE name = 'wal_level';
SELECT name, short_desc, extra_desc, category FROM pg_settings
WHERE name IN ('max_connections', 'wal_level', 'work_mem', 'autovacuum_naptime') ORDER BY name;
SELECT count(*) > 300 FROM pg_settings WHERE name !~ '\.';
SELECT vartype, count(*) FROM pg_settings WHERE name !~ '\.' GROUP BY vartype ORDER BY vartype;
SELECT context, count(*) FROM pg_settings WHERE name !~ '\.' GROUP BY context ORDER BY context;
SELECT name FROM pg_settings WHERE name IN ('is_superuser', 'role', 'session_authorization');
SELECT name, boot_val FROM pg_settings WHERE name IN ('client_encoding', 'jit', 'TimeZone', 'default_text_search_config', 'effective_cache_size', 'server_encoding') ORDER BY name;
SHOW archive_command;
SHOW log_file_mode;
SHOW wal_buffers;
SHOW max_stack_depth;
SELECT name, setting, boot_val, reset_val FROM pg_settings WHERE name IN ('archive_command', 'log_file_mode', 'unix_socket_permissions') ORDER BY name;
