-- conformance: context
-- Errors leaving PL/pgSQL carry PostgreSQL's CONTEXT lines: the function,
-- line and statement kind, after the SQL statement that failed.
CREATE TABLE tt (id int PRIMARY KEY);
CREATE FUNCTION f(n integer) RETURNS int LANGUAGE plpgsql AS $$
DECLARE x int;
BEGIN
  IF n = 1 THEN
    RAISE EXCEPTION 'one %', n;
  ELSIF n = 2 THEN
    x := 1 / (n - 2);
  ELSIF n = 3 THEN
    INSERT INTO tt VALUES (1), (1);
  ELSIF n = 4 THEN
    PERFORM 1 / (n - 4);
  ELSIF n = 5 THEN
    RETURN 10 / (n - 5);
  ELSIF n = 6 THEN
    EXECUTE 'select 1/0';
  ELSIF n = 7 THEN
    SELECT 1 / (n - 7) INTO x;
  END IF;
  RETURN x;
END
$$;
CREATE FUNCTION g(a text, b int) RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  RETURN f(b);
END
$$;
SELECT f(1);
SELECT f(2);
SELECT f(3);
SELECT f(4);
SELECT f(5);
SELECT f(6);
SELECT f(7);
SELECT g('x', 1);
SELECT g('x', 3);
DO $$ BEGIN RAISE EXCEPTION 'in do'; END $$;
DO $$
BEGIN
  PERFORM g('y', 2);
END
$$;
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id / 0 FROM (VALUES (1)) v(id) LOOP
  END LOOP;
END
$$;
DO $$ BEGIN RAISE EXCEPTION 'x' USING DETAIL = 'd', HINT = 'h'; END $$;
DO $$
DECLARE
  a int := 1;
  b int := a / 0;
BEGIN
  NULL;
END
$$;
DO $$
DECLARE c text;
BEGIN
  BEGIN
    PERFORM f(1);
  EXCEPTION WHEN raise_exception THEN
    GET STACKED DIAGNOSTICS c = PG_EXCEPTION_CONTEXT;
    RAISE NOTICE 'caught: %', c;
  END;
  RAISE EXCEPTION 'after %', 1;
END
$$;
CREATE FUNCTION trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id < 0 THEN
    RAISE EXCEPTION 'negative id %', NEW.id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER tt_check BEFORE INSERT ON tt FOR EACH ROW EXECUTE FUNCTION trg();
INSERT INTO tt VALUES (-1);
SELECT 1 / 0;
DO $$ DECLARE x int; BEGIN x := 1/0; END $$;
DO $$ DECLARE x int; n int := 0; BEGIN x := 1/n; END $$;
DO $$ DECLARE x int; n int := 0; BEGIN x := (SELECT 1/n); END $$;
DO $$ DECLARE x int; n int := 0; BEGIN x := abs(1/n); END $$;
DO $$
DECLARE n int := 0;
BEGIN
  IF (SELECT count(*) FROM tt WHERE 1/n = 1) > 0 THEN
    NULL;
  END IF;
END
$$;
DO $$ BEGIN RAISE EXCEPTION '%', 1/0; END $$;
DO $$ DECLARE n int := 0; BEGIN RAISE EXCEPTION '%', 1/n; END $$;
DO $$ BEGIN IF 1/0 = 1 THEN NULL; END IF; END $$;
DO $$ DECLARE i int; BEGIN FOR i IN 1..(1/0) LOOP END LOOP; END $$;
DO $$ DECLARE x int; BEGIN x := f(1); END $$;
DO $$ DECLARE x int; BEGIN x := (SELECT f(1)); END $$;
DO $$ DECLARE x int; BEGIN x := 'abc'; END $$;
DO $$ DECLARE x int; BEGIN x := 99999999999; END $$;
DO $$ DECLARE x int; BEGIN x := 2147483647 + 1; END $$;
DO $$ DECLARE x date; BEGIN x := 'garbage'; END $$;
DO $$ DECLARE x int := 1/0; BEGIN NULL; END $$;
