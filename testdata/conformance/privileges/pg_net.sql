-- conformance: requires pg_net
-- pg_net 0.14's objects as the extension creates them, recorded from
-- PostgreSQL 15 with pg_net installed. Requests go to a closed loopback
-- port; the queue itself is not read (pg_net's worker drains it).
-- `supabase start` installs pg_net into schema extensions.
SELECT extversion, extnamespace::regnamespace FROM pg_extension WHERE extname = 'pg_net';
CREATE EXTENSION IF NOT EXISTS pg_net;
SELECT p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid), p.prosecdef, p.provolatile, p.proparallel, p.prostrict, p.prokind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'net' ORDER BY 1, 2;
SELECT c.relname, c.relkind, c.relpersistence FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'net' ORDER BY 1;
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE n.nspname = 'net' AND c.relkind IN ('r', 'v', 'c') AND a.attnum > 0 AND NOT a.attisdropped ORDER BY 1, a.attnum;
SELECT t.typname, t.typtype FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'net' AND t.typtype IN ('e', 'c', 'd') AND t.typname NOT LIKE '\_%' ORDER BY 1;
SELECT enum_range(NULL::net.request_status);
SELECT i.relname, pg_get_indexdef(i.oid) FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'net' ORDER BY 1;
SELECT net.http_get('http://127.0.0.1:1/get');
SELECT net.http_get(url := 'http://127.0.0.1:1/get', params := '{"a": "b c"}', headers := '{"X-Test": "1"}', timeout_milliseconds := 100);
SELECT net.http_post('http://127.0.0.1:1/post', body := '{"a": 1}'::jsonb);
SELECT net.http_post(url := 'http://127.0.0.1:1/post', body := '{"a": 1}', headers := '{"Content-Type": "text/plain"}');
SELECT net.http_delete('http://127.0.0.1:1/delete');
SELECT net.http_get(NULL);
SELECT net.http_post('http://127.0.0.1:1/post', body := NULL);
SELECT net.http_get('http://127.0.0.1:1/get', timeout_milliseconds := NULL);
SELECT net.http_post('http://127.0.0.1:1/post', '{"a": 1}'::jsonb, headers := '"not an object"');
SELECT net.http_get('http://127.0.0.1:1/get', params := '[1, 2]');
SELECT net.http_get('http://127.0.0.1:1/get', headers := NULL);
SELECT net.http_post('http://127.0.0.1:1/post', '{}'::jsonb, headers := NULL);
SELECT net.http_delete('http://127.0.0.1:1/delete', headers := NULL);
SELECT (net._http_collect_response(1, async := true)).status;
SELECT pg_typeof(net.http_get('http://127.0.0.1:1/get'));
SELECT p.proname, r.rolname, has_function_privilege(r.rolname, p.oid, 'EXECUTE') FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace CROSS JOIN (VALUES ('anon'), ('authenticated'), ('service_role'), ('postgres')) r(rolname) WHERE n.nspname = 'net' AND p.proname LIKE 'http\_%' ORDER BY 1, 2;
SELECT r.rolname, has_schema_privilege(r.rolname, 'net', 'USAGE'), has_table_privilege(r.rolname, 'net.http_request_queue', 'SELECT'), has_table_privilege(r.rolname, 'net._http_response', 'SELECT') FROM (VALUES ('anon'), ('authenticated'), ('service_role'), ('postgres')) r(rolname) ORDER BY 1;
