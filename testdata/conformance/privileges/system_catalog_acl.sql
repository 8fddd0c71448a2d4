-- The catalogs' own privileges, as initdb grants them: PUBLIC reads every
-- catalog but the owner-only ones (pg_authid, pg_statistic, ...), and
-- may update pg_settings; privilege functions take catalog names as text.
CREATE ROLE rls_t_probe;
SELECT has_table_privilege('rls_t_probe', 'pg_class', 'select'), has_table_privilege('rls_t_probe', 'pg_class', 'insert'),
       has_table_privilege('rls_t_probe', 'pg_authid', 'select'), has_table_privilege('rls_t_probe', 'information_schema.tables', 'select'),
       has_table_privilege('rls_t_probe', 'pg_settings', 'update'), has_table_privilege('rls_t_probe', 'pg_catalog.pg_statistic', 'select');
SELECT has_table_privilege('rls_t_probe', 'pg_class'::regclass, 'select'), has_table_privilege('rls_t_probe', 'pg_authid'::regclass, 'select');
SELECT has_any_column_privilege('rls_t_probe', 'pg_class', 'select'), has_column_privilege('rls_t_probe', 'pg_class', 'relname', 'select'),
       has_column_privilege('rls_t_probe', 'pg_authid', 'rolname', 'select'), has_column_privilege('pg_class', 'relname', 'select');
SELECT has_column_privilege('pg_class', 'nope', 'select');
SELECT has_table_privilege('anon', 'pg_namespace', 'select'), has_table_privilege('authenticated', 'pg_roles', 'select');
SELECT relname, relacl::text[] FROM pg_class WHERE relname IN ('pg_class', 'tables', 'pg_settings', 'pg_authid', 'pg_statistic', 'columns', 'pg_roles') ORDER BY 1;
SELECT table_schema, table_name, privilege_type, grantee FROM information_schema.table_privileges WHERE table_name IN ('pg_class', 'pg_authid') ORDER BY 2, 4, 3;
DROP ROLE rls_t_probe;
