-- conformance: requires pgjwt
-- pgjwt 0.2.0, recorded from PostgreSQL 15 with it installed.
CREATE EXTENSION pgcrypto;
CREATE EXTENSION pgjwt;
SELECT p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid), p.provolatile, p.prostrict FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'pgjwt' AND d.deptype = 'e' ORDER BY 1, 2;
SELECT url_encode('\x00ff10fbfe'::bytea), url_decode('AP8Q-_4'), url_decode('AP8Q-_4=');
SELECT sign('{"sub":"1234567890","name":"John Doe","iat":1516239022}', 'secret');
SELECT sign('{"sub":"1"}', 'secret', 'HS384'), sign('{"sub":"1"}', 'secret', 'HS512');
SELECT sign('{"sub":"1"}', 'secret', 'RS256');
SELECT algorithm_sign('a.b', 'secret', 'HS256');
SELECT * FROM verify(sign('{"sub":"1","role":"authenticated"}', 'secret'), 'secret');
SELECT * FROM verify(sign('{"sub":"1"}', 'secret'), 'wrong');
SELECT * FROM verify(sign('{"sub":"1"}', 'secret', 'HS512'), 'secret', 'HS512');
SELECT * FROM verify(sign('{"sub":"1"}', 'secret', 'HS512'), 'secret');
SELECT * FROM verify(sign('{"sub":"1","exp":1}', 'secret'), 'secret');
SELECT * FROM verify(sign('{"sub":"1","nbf":4102444800}', 'secret'), 'secret');
SELECT * FROM verify('not a token', 'secret');
SELECT * FROM verify('a.b.c', 'secret');
SELECT sign(NULL, 'secret'), sign('{}', NULL);
