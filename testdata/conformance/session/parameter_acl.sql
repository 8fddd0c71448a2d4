-- GRANT / REVOKE { SET | ALTER SYSTEM | ALL } ON PARAMETER (PostgreSQL
-- 15) and pg_parameter_acl, which pg_dumpall (`supabase db dump
-- --role-only`) reads: a row exists while a parameter's ACL differs from
-- the default, names are lower-cased, custom "x.y" names are accepted.
-- A role granted SET may change a superuser-only parameter.
CREATE ROLE rls_t_p1;
CREATE ROLE rls_t_p2;
SELECT count(*) FROM pg_parameter_acl;
GRANT SET ON PARAMETER work_mem, Log_Statement TO rls_t_p1;
GRANT ALTER SYSTEM ON PARAMETER foo.bar TO rls_t_p2 WITH GRANT OPTION;
GRANT ALL ON PARAMETER "DateStyle" TO rls_t_p2;
SELECT parname, paracl FROM pg_parameter_acl ORDER BY 1;
GRANT SET ON PARAMETER nosuch TO rls_t_p1;
GRANT SET ON PARAMETER "a b.c" TO rls_t_p1;
GRANT SELECT ON PARAMETER work_mem TO rls_t_p1;
GRANT USAGE ON PARAMETER work_mem TO rls_t_p1;
GRANT SET ON PARAMETER work_mem TO rls_t_nosuch;
GRANT SET ON PARAMETER "a.b.c" TO rls_t_p1;
REVOKE SET ON PARAMETER work_mem FROM rls_t_p1;
REVOKE ALL ON PARAMETER datestyle FROM rls_t_p2;
SELECT parname, paracl FROM pg_parameter_acl ORDER BY 1;
SELECT has_parameter_privilege('rls_t_p1', 'log_statement', 'SET'), has_parameter_privilege('rls_t_p1', 'log_statement', 'ALTER SYSTEM'), has_parameter_privilege('rls_t_p2', 'foo.bar', 'alter system with grant option'), has_parameter_privilege('rls_t_p2', 'FOO.BAR', 'set, alter system');
SELECT has_parameter_privilege('log_statement', 'set'), has_parameter_privilege('rls_t_p1', 'work_mem', 'set'), has_parameter_privilege('rls_t_p1', 'nosuch', 'set');
SELECT has_parameter_privilege('rls_t_p1', 'work_mem', 'usage');
SET ROLE rls_t_p1;
SET log_statement = 'all';
SHOW log_statement;
SET compute_query_id = on;
GRANT SET ON PARAMETER log_statement TO rls_t_p2;
RESET log_statement;
RESET ROLE;
DROP ROLE rls_t_p1;
REVOKE SET ON PARAMETER log_statement FROM rls_t_p1;
REVOKE ALL ON PARAMETER foo.bar FROM rls_t_p2 CASCADE;
REVOKE ALL ON PARAMETER "a.b.c" FROM rls_t_p1;
SELECT count(*) FROM pg_parameter_acl;
DROP ROLE rls_t_p1;
DROP ROLE rls_t_p2;
