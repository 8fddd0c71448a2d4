-- conformance: requires http
-- pgsql-http 1.6's objects, recorded from PostgreSQL 15 with it
-- installed; nothing here makes a request.
CREATE EXTENSION http;
SELECT extversion FROM pg_extension WHERE extname = 'http';
SELECT p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid), p.provolatile, p.prostrict FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'http' AND d.deptype = 'e' ORDER BY 1, 2;
SELECT t.typname, t.typtype FROM pg_type t JOIN pg_depend d ON d.objid = t.oid AND d.classid = 'pg_type'::regclass JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'http' AND d.deptype = 'e' ORDER BY 1;
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname IN ('http_header', 'http_request', 'http_response') AND a.attnum > 0 ORDER BY 1, a.attnum;
SELECT enum_range(NULL::http_method);
SELECT urlencode('a b&c=d/e?f'), urlencode('é~-._'), urlencode('');
SELECT urlencode('{"a": "b c", "n": 1, "t": true}'::jsonb);
SELECT urlencode(NULL::text);
SELECT http_header('Accept', 'text/plain'), (http_header('A', 'b')).field;
SELECT ('GET', 'http://example.com', ARRAY[http_header('a', 'b')], NULL, NULL)::http_request;
SELECT ('PATCH', 'http://example.com', NULL, 'text/plain', 'x')::http_request;
SELECT ('FETCH', 'http://example.com', NULL, NULL, NULL)::http_request;
SELECT http_set_curlopt('CURLOPT_TIMEOUT', '5');
SELECT http_set_curlopt('CURLOPT_NO_SUCH_OPTION', '5');
SELECT http_reset_curlopt();
SELECT * FROM http_list_curlopt() ORDER BY 1;
SELECT text_to_bytea('abc'), bytea_to_text('\x616263'::bytea);
