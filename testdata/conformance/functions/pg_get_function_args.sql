-- pg_get_function_arguments / _identity_arguments / _result, as psql's \df prints them.
CREATE FUNCTION gfa_add(a int, b int DEFAULT 1) RETURNS int LANGUAGE sql AS $$ SELECT a + b $$;
CREATE FUNCTION gfa_out(x text, OUT len int, OUT up text) LANGUAGE sql AS $$ SELECT length(x), upper(x) $$;
CREATE FUNCTION gfa_tab(n int) RETURNS TABLE (i int, sq bigint) LANGUAGE sql AS $$ SELECT g, g::bigint * g FROM generate_series(1, n) g $$;
CREATE FUNCTION gfa_set(int) RETURNS SETOF text LANGUAGE sql AS $$ SELECT 'x' $$;
CREATE FUNCTION gfa_var(VARIADIC vals numeric[]) RETURNS numeric LANGUAGE sql AS $$ SELECT 1::numeric $$;
CREATE FUNCTION gfa_void(v varchar(10)) RETURNS void LANGUAGE sql AS $$ SELECT $$;
CREATE PROCEDURE gfa_proc(INOUT total int, "Mixed" text) LANGUAGE sql AS $$ SELECT 1 $$;
SELECT p.proname, pg_get_function_arguments(p.oid) AS args, pg_get_function_identity_arguments(p.oid) AS ident, pg_get_function_result(p.oid) AS result
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public' AND p.proname LIKE 'gfa\_%'
  ORDER BY p.proname;
