-- OUT / INOUT parameters and record results
CREATE FUNCTION divmod(a int, b int, OUT q int, OUT r int) LANGUAGE sql AS $$ SELECT a / b, a % b $$;
SELECT * FROM divmod(17, 5);
SELECT q FROM divmod(9, 2);
SELECT divmod(7, 2);
SELECT (divmod(7, 2)).r;
CREATE FUNCTION just_out(OUT v text) LANGUAGE sql AS $$ SELECT 'only' $$;
SELECT just_out();
SELECT * FROM just_out();
CREATE FUNCTION inc(INOUT n int) LANGUAGE sql AS $$ SELECT n + 1 $$;
SELECT inc(1);
CREATE FUNCTION mixed(a int, INOUT b int, OUT c text) LANGUAGE sql AS $$ SELECT a + b, 'c' || a $$;
SELECT * FROM mixed(1, 2);
SELECT pg_typeof(divmod(1, 1));
