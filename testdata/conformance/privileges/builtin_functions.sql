-- privileges and lookups of built-in functions through their pg_proc OIDs
SELECT has_function_privilege('now()', 'EXECUTE'), has_function_privilege('lower(text)'::regprocedure, 'EXECUTE');
SELECT proname FROM pg_proc WHERE oid = 'jsonb_build_object()'::regprocedure;
SELECT 'pg_catalog.lower(text)'::regprocedure::oid = 'lower(text)'::regprocedure::oid;
SELECT 'public.now'::regproc;
SELECT p.oid::regprocedure FROM pg_proc p WHERE p.proname = 'generate_series' AND p.prorettype = 'int4'::regtype ORDER BY p.oid;
SELECT has_function_privilege('anon', 'now()', 'EXECUTE'), has_function_privilege('anon', 'lower(text)'::regprocedure, 'EXECUTE WITH GRANT OPTION'), has_function_privilege('postgres', 'now()', 'EXECUTE WITH GRANT OPTION');
SELECT has_function_privilege('now()', 'SELECT');
SELECT has_function_privilege('now()'::regprocedure, 'EXECUTE, USAGE');
