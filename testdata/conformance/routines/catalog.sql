-- pg_proc, information_schema.routines / parameters
CREATE FUNCTION api_add(a int, b int DEFAULT 0) RETURNS int LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT a + b $$;
CREATE FUNCTION api_list(OUT id int, OUT name text) RETURNS SETOF record LANGUAGE sql AS $$ SELECT 1, 'x' $$;
CREATE PROCEDURE api_proc(x text) LANGUAGE sql AS $$ SELECT x $$;
SELECT proname, prokind, provolatile, proisstrict, proretset, pronargs, pronargdefaults, prorettype::regtype, proargnames FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY proname;
SELECT proname, proargtypes::regtype[], proallargtypes::regtype[], proargmodes FROM pg_proc WHERE proname IN ('api_add', 'api_list') ORDER BY proname;
SELECT prosrc FROM pg_proc WHERE proname = 'api_add';
SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.proname = 'api_proc';
SELECT routine_schema, routine_name, routine_type, data_type, external_language, is_deterministic, security_type FROM information_schema.routines WHERE routine_schema = 'public' ORDER BY routine_name;
SELECT specific_schema, parameter_name, ordinal_position, parameter_mode, data_type FROM information_schema.parameters WHERE specific_schema = 'public' ORDER BY specific_name, ordinal_position;
SELECT pg_get_function_arguments(oid), pg_get_function_result(oid) FROM pg_proc WHERE proname = 'api_add';
SELECT pg_get_function_identity_arguments(oid) FROM pg_proc WHERE proname = 'api_add';
SELECT n.nspname, p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE p.proname = 'api_list';
SELECT 'api_add'::regproc;
SELECT 'api_add(int, int)'::regprocedure;
SELECT count(*) > 100 FROM pg_proc WHERE pronamespace = 'pg_catalog'::regnamespace;
