-- conformance: requires pg_net
-- Database webhooks as `supabase start` sets them up: the
-- supabase_functions schema beside pg_net, its owner role and grants,
-- and a webhook trigger queueing a request and noting the hook.
SELECT rolname, rolcanlogin, rolinherit, rolcreaterole, rolreplication FROM pg_roles WHERE rolname = 'supabase_functions_admin';
SELECT pg_has_role('postgres', 'supabase_functions_admin', 'MEMBER');
SELECT c.relname, c.relkind, pg_get_userbyid(c.relowner) FROM pg_class c WHERE c.relnamespace = 'supabase_functions'::regnamespace ORDER BY 1;
SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid) FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'supabase_functions.hooks'::regclass AND a.attnum > 0 ORDER BY a.attnum;
SELECT p.proname, pg_get_userbyid(p.proowner), p.prosecdef, p.proconfig, pg_get_function_result(p.oid) FROM pg_proc p WHERE p.pronamespace = 'supabase_functions'::regnamespace;
SELECT r.rolname, has_schema_privilege(r.rolname, 'supabase_functions', 'USAGE'), has_function_privilege(r.rolname, 'supabase_functions.http_request()', 'EXECUTE'), has_table_privilege(r.rolname, 'supabase_functions.hooks', 'SELECT') FROM (VALUES ('anon'), ('authenticated'), ('service_role'), ('postgres'), ('supabase_functions_admin')) r(rolname) ORDER BY 1;
SELECT obj_description('supabase_functions.hooks'::regclass, 'pg_class');
CREATE TABLE orders (id int PRIMARY KEY, total int);
CREATE TRIGGER orders_hook AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION supabase_functions.http_request('http://127.0.0.1:1/hook', 'POST', '{"Content-Type":"application/json"}', '{}', '1000');
INSERT INTO orders VALUES (1, 10);
DELETE FROM orders;
SELECT h.hook_name, h.hook_table_id = 'orders'::regclass::oid::int, h.request_id IS NOT NULL FROM supabase_functions.hooks h ORDER BY h.id;
CREATE TABLE t2 (id int);
CREATE TRIGGER t2_hook AFTER INSERT ON t2 FOR EACH ROW EXECUTE FUNCTION supabase_functions.http_request('edge-fn', 'POST');
INSERT INTO t2 VALUES (1);
