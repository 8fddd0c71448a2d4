-- Who may SET a parameter: superuser-context ones need a superuser or a
-- GRANT SET ON PARAMETER, for SET, set_config and ALTER ROLE ... SET.
CREATE ROLE guc_t_user;
SET ROLE guc_t_user;
SET log_statement = 'all';
SELECT set_config('session_replication_role', 'replica', false);
SET wal_compression = on;
SET work_mem TO DEFAULT;
SHOW work_mem;
SET transaction_deferrable = on;
SHOW transaction_deferrable;
SET random_page_cost = 2;
SHOW random_page_cost;
RESET ROLE;
GRANT SET ON PARAMETER wal_compression TO guc_t_user;
SET ROLE guc_t_user;
SET wal_compression = on;
SHOW wal_compression;
RESET ROLE;
REVOKE SET ON PARAMETER wal_compression FROM guc_t_user;
ALTER ROLE guc_t_user SET wal_compression = 'pglz';
ALTER ROLE guc_t_user SET max_connections = 10;
ALTER ROLE guc_t_user SET enable_seqscan = 'yes';
ALTER ROLE guc_t_user SET random_page_cost = '1.1';
SELECT setconfig FROM pg_db_role_setting WHERE setrole = 'guc_t_user'::regrole;
DROP ROLE guc_t_user;
