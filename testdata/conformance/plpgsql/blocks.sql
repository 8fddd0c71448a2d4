-- Multi-line bodies: nested DECLARE sections re-initialised on each entry, shadowing, labels
DO $$
DECLARE
  total int := 0;
BEGIN
  FOR i IN 1..3 LOOP
    DECLARE
      c int := 10;
    BEGIN
      c := c + i;
      total := total + c;
      RAISE NOTICE 'c=%', c;
    END;
  END LOOP;
  RAISE NOTICE 'total=%', total;
END
$$;
DO $$
DECLARE
  x text := 'outer';
BEGIN
  DECLARE
    x text := 'inner';
  BEGIN
    RAISE NOTICE 'x=%', x;
  END;
  RAISE NOTICE 'x=%', x;
END
$$;
DO $$
<<main>>
DECLARE
  n int := 5;
BEGIN
  DECLARE
    n int := 7;
  BEGIN
    RAISE NOTICE 'inner=% outer=%', n, main.n;
    main.n := 50;
  END;
  RAISE NOTICE 'n=%', n;
END
$$;
CREATE TABLE events (id serial PRIMARY KEY, kind text NOT NULL, amount int NOT NULL);
DO $$
DECLARE
  kinds text[] := ARRAY['a', 'b', 'c'];
  k text;
BEGIN
  FOREACH k IN ARRAY kinds LOOP
    FOR j IN 1..2 LOOP
      INSERT INTO events (kind, amount) VALUES (k, j * 10);
    END LOOP;
  END LOOP;
END
$$;
SELECT kind, sum(amount) FROM events GROUP BY kind ORDER BY kind;
CREATE FUNCTION kind_total(p_kind text) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  result int;
BEGIN
  SELECT sum(amount) INTO result
  FROM events
  WHERE kind = p_kind;
  IF result IS NULL THEN
    RAISE EXCEPTION 'no events of kind %', p_kind
      USING ERRCODE = 'P0002', HINT = 'check the kind';
  END IF;
  RETURN result;
END
$$;
SELECT kind_total('a'), kind_total('c');
SELECT kind_total('zzz');
CREATE FUNCTION classify(n int) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  CASE
    WHEN n < 0 THEN RETURN 'negative';
    WHEN n = 0 THEN RETURN 'zero';
    WHEN n < 10 THEN RETURN 'small';
    ELSE RETURN 'large';
  END CASE;
END
$$;
SELECT n, classify(n) FROM (VALUES (-5), (0), (3), (42)) AS v(n) ORDER BY n;
CREATE FUNCTION transfer(from_kind text, to_kind text, amt int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  available int;
BEGIN
  SELECT sum(amount) INTO available FROM events WHERE kind = from_kind;
  IF available < amt THEN
    RAISE EXCEPTION 'insufficient: % < %', available, amt USING ERRCODE = 'PT402';
  END IF;
  INSERT INTO events (kind, amount) VALUES (from_kind, -amt), (to_kind, amt);
END
$$;
SELECT transfer('a', 'b', 5);
SELECT transfer('a', 'b', 500);
SELECT kind, sum(amount) FROM events GROUP BY kind ORDER BY kind;
CREATE FUNCTION try_transfer(amt int) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM transfer('c', 'a', amt);
  RETURN 'ok';
EXCEPTION
  WHEN SQLSTATE 'PT402' THEN
    RETURN 'refused: ' || SQLERRM;
END
$$;
SELECT try_transfer(1), try_transfer(1000);
SELECT kind, sum(amount) FROM events GROUP BY kind ORDER BY kind;
CREATE FUNCTION fib(n int) RETURNS bigint LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  a bigint := 0;
  b bigint := 1;
  t bigint;
BEGIN
  FOR i IN 1..n LOOP
    t := a + b;
    a := b;
    b := t;
  END LOOP;
  RETURN a;
END
$$;
SELECT fib(0), fib(1), fib(10), fib(50);
CREATE FUNCTION diag_demo() RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  out_text text := '';
BEGIN
  UPDATE events SET amount = amount WHERE kind = 'a';
  GET DIAGNOSTICS n = ROW_COUNT;
  out_text := out_text || 'updated=' || n;
  DELETE FROM events WHERE kind = 'nope';
  GET DIAGNOSTICS n = ROW_COUNT;
  out_text := out_text || ' deleted=' || n;
  RETURN out_text;
END
$$;
SELECT diag_demo();
CREATE FUNCTION strict_fn(a int) RETURNS int LANGUAGE plpgsql STRICT AS $$ BEGIN RAISE NOTICE 'called'; RETURN a; END $$;
SELECT strict_fn(NULL), strict_fn(3);
CREATE FUNCTION set_cfg() RETURNS text LANGUAGE plpgsql SET search_path = pg_catalog AS $$ BEGIN RETURN current_setting('search_path'); END $$;
SELECT set_cfg();
CREATE FUNCTION jwt_check(claims jsonb) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF claims ->> 'role' IS DISTINCT FROM 'authenticated' THEN
    RAISE EXCEPTION 'not authenticated' USING ERRCODE = 'PT401', DETAIL = 'role was ' || coalesce(claims ->> 'role', 'null');
  END IF;
  RETURN claims ->> 'sub';
END
$$;
SELECT jwt_check('{"role": "authenticated", "sub": "u1"}');
SELECT jwt_check('{"role": "anon"}');
