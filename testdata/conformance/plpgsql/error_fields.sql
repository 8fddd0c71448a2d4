-- conformance: context
-- What a coding agent reads beside an error's message when it comes from
-- a function: the CONTEXT lines of SQL functions (statement N, during
-- inlining), the internal query and position of a statement a PL/pgSQL
-- function could not parse or plan (psql's QUERY line), RAISE's USING
-- options, PG_CONTEXT, and a trigger's and a return cast's context.
CREATE TABLE t (id int PRIMARY KEY, v text);
CREATE FUNCTION g(n int) RETURNS int LANGUAGE sql AS $$ SELECT 1/n $$;
SELECT g(0);
CREATE FUNCTION g2(n int) RETURNS int LANGUAGE sql AS $$ INSERT INTO t VALUES (n, 'a'); SELECT 1/n $$;
SELECT g2(0);
SELECT g2(1);
SELECT g2(1);
CREATE FUNCTION g3(n int) RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1/n; END;
SELECT g3(0);
CREATE FUNCTION g4(n int) RETURNS int LANGUAGE sql AS $$ SELECT 1/n FROM t LIMIT 1 $$;
SELECT g4(0);
CREATE FUNCTION p1(n int) RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  RETURN g2(n);
END $$;
SELECT p1(0);
CREATE FUNCTION p2() RETURNS int LANGUAGE plpgsql AS $$
DECLARE x int;
BEGIN
  SELECT nosuch INTO x FROM t;
  RETURN x;
END $$;
SELECT p2();
CREATE FUNCTION p3() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT nosuch FROM t);
END $$;
SELECT p3();
CREATE FUNCTION p4() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO nosuchtab VALUES (1);
END $$;
SELECT p4();
CREATE FUNCTION p5() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'select nosuch from t';
END $$;
SELECT p5();
DO $$ DECLARE x int; BEGIN x := (SELECT nosuch FROM t); END $$;
DO $$
BEGIN
  PERFORM p2();
END $$;
DO $$ BEGIN RAISE EXCEPTION 'boom' USING DETAIL = 'dd', HINT = 'hh', ERRCODE = '22023'; END $$;
DO $$ BEGIN RAISE division_by_zero USING MESSAGE = 'custom'; END $$;
DO $$ BEGIN RAISE SQLSTATE 'XY123'; END $$;
DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = 'unique_violation'; END $$;
CREATE FUNCTION d1() RETURNS text LANGUAGE plpgsql AS $$
DECLARE c text;
BEGIN
  GET DIAGNOSTICS c = PG_CONTEXT;
  RETURN c;
END $$;
CREATE FUNCTION d2() RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN d1();
END $$;
SELECT d1();
SELECT d2();
CREATE FUNCTION trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.id := NEW.id / 0;
  RETURN NEW;
END $$;
CREATE TRIGGER t_trg BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION trg();
INSERT INTO t VALUES (5, 'x');
DO $$ BEGIN INSERT INTO t VALUES (6, 'y'); END $$;
DROP TRIGGER t_trg ON t;
CREATE PROCEDURE pr(n int) LANGUAGE plpgsql AS $$ BEGIN PERFORM 1/n; END $$;
DO $$ BEGIN CALL pr(0); END $$;
DO $$ BEGIN CASE 1 WHEN 2 THEN NULL; END CASE; END $$;
CREATE FUNCTION r1() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 'abc'; END $$;
SELECT r1();
CREATE FUNCTION r2() RETURNS SETOF int LANGUAGE plpgsql AS $$ BEGIN RETURN QUERY SELECT 1/0; END $$;
SELECT * FROM r2();
