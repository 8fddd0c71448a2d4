-- CREATE FUNCTION checks a SQL function's final statement against its
-- declared result (check_sql_fn_retval): row types column by column, OUT
-- parameters, and DELETE / UPDATE ... FROM / ON CONFLICT ... RETURNING
-- as final statements; a mismatch names the function in CONTEXT.
CREATE TABLE t (id int PRIMARY KEY, name text, n int);
CREATE TABLE u (id int PRIMARY KEY, t_id int, n int);
INSERT INTO t VALUES (1, 'a', 1), (2, 'b', 2);
INSERT INTO u VALUES (1, 1, 5);
CREATE TYPE pair AS (a int, b text);
CREATE FUNCTION f1() RETURNS pair LANGUAGE sql AS $$ SELECT 1, 2 $$;
CREATE FUNCTION f2() RETURNS pair LANGUAGE sql AS $$ SELECT 1 $$;
CREATE FUNCTION f3() RETURNS SETOF t LANGUAGE sql AS $$ SELECT id, name FROM t $$;
CREATE FUNCTION f4() RETURNS t LANGUAGE sql AS $$ SELECT id, n, name FROM t $$;
CREATE FUNCTION f5() RETURNS pair LANGUAGE sql AS $$ SELECT 1, 'x', 3 $$;
CREATE FUNCTION f6() RETURNS TABLE (a int, b text) LANGUAGE sql AS $$ SELECT 1, 2 $$;
CREATE FUNCTION f7() RETURNS int LANGUAGE sql AS $$ SELECT 'x'::text $$;
CREATE FUNCTION f8() RETURNS int LANGUAGE sql AS $$ SELECT 1::bigint $$;
CREATE FUNCTION f9() RETURNS record LANGUAGE sql AS $$ SELECT 1, 'a' $$;
CREATE FUNCTION f10(OUT a int, OUT b text) LANGUAGE sql AS $$ SELECT 1, 'a'::varchar $$;
CREATE FUNCTION f11(OUT a int, OUT b text) LANGUAGE sql AS $$ SELECT 1 $$;
CREATE FUNCTION f12(OUT a int, OUT b date) LANGUAGE sql AS $$ SELECT 1, true $$;
CREATE FUNCTION f13() RETURNS t LANGUAGE sql AS $$ SELECT t FROM t WHERE id = 1 $$;
CREATE FUNCTION f14() RETURNS SETOF pair LANGUAGE sql AS $$ SELECT ROW(1, 'x')::pair $$;
CREATE FUNCTION f15() RETURNS int LANGUAGE sql AS $$ SELECT 1, 2 $$;
SELECT f1(), f6(), f8(), f10();
SELECT * FROM f13();
SELECT * FROM f14();
CREATE FUNCTION g1() RETURNS SETOF int LANGUAGE sql AS $$ DELETE FROM u USING t WHERE t.id = u.t_id AND t.n > 100 RETURNING u.n $$;
CREATE FUNCTION g2() RETURNS int LANGUAGE sql AS $$ INSERT INTO t VALUES (1, 'a', 1) ON CONFLICT (id) DO UPDATE SET n = t.n + 1 RETURNING n $$;
CREATE FUNCTION g3() RETURNS int LANGUAGE sql AS $$ DELETE FROM t WHERE id = 99 RETURNING n $$;
CREATE FUNCTION g4() RETURNS t LANGUAGE sql AS $$ UPDATE t SET n = 1 FROM (SELECT 2 AS id) s WHERE s.id = t.id RETURNING t.* $$;
CREATE FUNCTION g5() RETURNS int LANGUAGE sql AS $$ UPDATE t SET n = t.n + 1 FROM u WHERE u.t_id = t.id RETURNING u.n $$;
CREATE FUNCTION g6() RETURNS text LANGUAGE sql AS $$ UPDATE t SET n = t.n + 1 FROM u WHERE u.t_id = t.id RETURNING t.n $$;
CREATE FUNCTION g7() RETURNS pair LANGUAGE sql AS $$ INSERT INTO t VALUES (3, 'c', 3) ON CONFLICT DO NOTHING RETURNING id, n $$;
SELECT g2(), g3();
SELECT * FROM g4();
SELECT g5(), g6();
SELECT id, name, n FROM t ORDER BY id;
