-- has_column_privilege on a system column answers with the table's
-- privileges (system columns have no column ACL of their own), by name
-- or attnum; a view has no system columns.
CREATE ROLE rls_t_sysc;
CREATE TABLE sysc_t (a int, b int);
CREATE TABLE sysc_u (a int);
CREATE VIEW sysc_v AS SELECT 1 AS x;
GRANT SELECT ON sysc_t TO rls_t_sysc;
GRANT SELECT (a) ON sysc_u TO rls_t_sysc;
SELECT has_column_privilege('rls_t_sysc', 'sysc_t', 'ctid', 'SELECT'), has_column_privilege('rls_t_sysc', 'sysc_t', 'xmin', 'UPDATE'),
       has_column_privilege('rls_t_sysc', 'sysc_t'::regclass, -6::int2, 'SELECT'), has_column_privilege('rls_t_sysc', 'sysc_t'::regclass, -3::int2, 'INSERT');
SELECT has_column_privilege('rls_t_sysc', 'sysc_u', 'a', 'SELECT'), has_column_privilege('rls_t_sysc', 'sysc_u', 'ctid', 'SELECT'),
       has_column_privilege('rls_t_sysc', 'sysc_u'::regclass, -1::int2, 'SELECT');
SELECT has_column_privilege('sysc_t', 'cmax', 'SELECT'), has_column_privilege('sysc_t'::regclass, -2::int2, 'SELECT');
SELECT has_column_privilege('sysc_t'::regclass, -7::int2, 'SELECT'), has_column_privilege('sysc_v'::regclass, -1::int2, 'SELECT');
SELECT has_column_privilege('sysc_v', 'ctid', 'SELECT');
DROP VIEW sysc_v;
DROP TABLE sysc_t, sysc_u;
DROP ROLE rls_t_sysc;
