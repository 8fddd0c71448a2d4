-- pg_get_functiondef and friends print routines as PostgreSQL does
CREATE SCHEMA app;
CREATE FUNCTION add(a integer, b integer DEFAULT 1) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT a + b $$;
CREATE FUNCTION app.secure() RETURNS uuid LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  RETURN NULL;
END;
$$;
CREATE FUNCTION app.multi(p text) RETURNS SETOF text LANGUAGE sql COST 5 ROWS 10 SET search_path = public, app SET work_mem = '64MB' AS 'SELECT p';
CREATE FUNCTION tbl(n int) RETURNS TABLE(id int, label text) LANGUAGE sql AS $$ SELECT n, 'x' $$;
CREATE FUNCTION dollar() RETURNS text LANGUAGE sql AS $q$ SELECT '$function$' $q$;
CREATE PROCEDURE app.proc(INOUT x int, y text) LANGUAGE plpgsql AS $$ BEGIN x := x + 1; END $$;
CREATE FUNCTION leak(a int) RETURNS boolean LANGUAGE sql LEAKPROOF IMMUTABLE PARALLEL SAFE AS $$ SELECT a > 0 $$;
CREATE FUNCTION trg() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
SELECT pg_get_functiondef('add'::regproc);
SELECT pg_get_functiondef('app.secure'::regproc);
SELECT pg_get_functiondef('app.multi'::regproc);
SELECT pg_get_functiondef('tbl'::regproc);
SELECT pg_get_functiondef('dollar'::regproc);
SELECT pg_get_functiondef('app.proc'::regproc);
SELECT pg_get_functiondef('leak'::regproc);
SELECT pg_get_functiondef('trg'::regproc);
SELECT pg_get_functiondef('now'::regproc);
SELECT pg_get_functiondef('lower(text)'::regprocedure);
SELECT proname, pg_get_function_arguments(oid), pg_get_function_identity_arguments(oid), pg_get_function_result(oid) FROM pg_proc WHERE proname IN ('add', 'secure', 'multi', 'tbl', 'proc') ORDER BY proname;
ALTER FUNCTION tbl(int) PARALLEL RESTRICTED;
SELECT proname, proparallel FROM pg_proc WHERE proname IN ('leak', 'tbl', 'add') ORDER BY proname;
SELECT pg_get_functiondef('tbl'::regproc);
SELECT pg_get_functiondef(0) IS NULL;
