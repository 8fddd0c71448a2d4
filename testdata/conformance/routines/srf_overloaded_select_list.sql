-- a set-returning function overloaded with different result rows, called
-- in the SELECT list: the row of the overload the call resolves to
CREATE FUNCTION pick(a int, b text) RETURNS TABLE(id int, label text, ok boolean) LANGUAGE sql AS $$ SELECT a, b, true $$;
CREATE TYPE dim AS (kind text, col text);
CREATE FUNCTION pick(a int, d dim, flag boolean DEFAULT false) RETURNS TABLE(id int, ok boolean) LANGUAGE sql AS $$ SELECT a, flag $$;
CREATE FUNCTION mk(col text) RETURNS dim LANGUAGE sql AS $$ SELECT ROW('range', col)::dim $$;
SELECT pick(1, 'x');
SELECT pick(2, mk('t'));
SELECT pick(3, mk('t'), flag => true);
SELECT * FROM pick(4, 'y');
SELECT (pick(5, 'z')).label;
CREATE FUNCTION num(x int) RETURNS TABLE(a int, b text) LANGUAGE sql AS $$ SELECT x, 'int' $$;
CREATE FUNCTION num(x text) RETURNS TABLE(a int) LANGUAGE sql AS $$ SELECT 0 $$;
SELECT num(7);
SELECT num('s');
