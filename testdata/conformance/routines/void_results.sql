-- What a function declared RETURNS void yields: PL/pgSQL's is an empty
-- value, not NULL; a SQL function's is its last SELECT's when that is a void, NULL otherwise.
CREATE FUNCTION pv() RETURNS void LANGUAGE plpgsql AS $$ BEGIN END $$;
CREATE FUNCTION sv_one() RETURNS void LANGUAGE sql AS $$ SELECT 1 $$;
CREATE FUNCTION sv_call() RETURNS void LANGUAGE sql AS $$ SELECT pv() $$;
CREATE FUNCTION sv_empty() RETURNS void LANGUAGE sql AS $$ SELECT 1 WHERE false $$;
CREATE TABLE t (id int);
CREATE FUNCTION sv_insert() RETURNS void LANGUAGE sql AS $$ INSERT INTO t VALUES (1) $$;
SELECT pv(), pv() IS NULL, pv()::text = '';
SELECT sv_one() IS NULL, sv_call() IS NULL, sv_empty() IS NULL, sv_insert() IS NULL;
SELECT sv_call();
SELECT * FROM pv();
SELECT pg_typeof(pv());
