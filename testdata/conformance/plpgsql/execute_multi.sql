-- PL/pgSQL EXECUTE of a string holding several commands runs them all (the last gives the result); an empty string runs nothing
DO $$ BEGIN EXECUTE $E$ CREATE TABLE x1(a int); CREATE TABLE x2(b int); $E$; END $$;
SELECT count(*) FROM pg_class WHERE relname IN ('x1','x2');
DO $$ BEGIN EXECUTE $E$ INSERT INTO x1 VALUES ($1); INSERT INTO x2 VALUES ($1 + 1) $E$ USING 1; END $$;
SELECT * FROM x1, x2;
CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ DECLARE n int; BEGIN EXECUTE 'SELECT 1; SELECT 2' INTO n; RETURN n; END $$;
SELECT f();
DO $$ BEGIN EXECUTE ''; END $$;
