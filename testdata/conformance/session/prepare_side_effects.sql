-- PREPARE plans a statement without running it: the functions it calls
-- run at EXECUTE, not before (no row, no notice, no error at PREPARE).
CREATE TABLE calls (n int);
CREATE FUNCTION noisy() RETURNS SETOF int LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calls VALUES (1);
  RAISE NOTICE 'noisy ran';
  RETURN NEXT 1;
END
$$;
CREATE FUNCTION scalar_noisy() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calls VALUES (2);
  RAISE NOTICE 'scalar_noisy ran';
  RETURN 2;
END
$$;
CREATE FUNCTION fails() RETURNS SETOF int LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'fails ran';
END
$$;
CREATE FUNCTION pair() RETURNS TABLE (a int, b text) LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calls VALUES (3);
  RETURN QUERY SELECT 1, 'one';
END
$$;
PREPARE a AS SELECT * FROM noisy();
PREPARE b AS SELECT scalar_noisy();
PREPARE c AS SELECT * FROM fails();
PREPARE d AS SELECT b FROM pair() WHERE a > 0;
PREPARE e AS SELECT n, scalar_noisy() FROM calls;
PREPARE f AS SELECT (SELECT count(*) FROM fails());
SELECT count(*) FROM calls;
EXECUTE a;
EXECUTE b;
EXECUTE d;
SELECT n FROM calls ORDER BY n;
EXECUTE c;
EXECUTE f;
BEGIN;
PREPARE g AS SELECT * FROM fails() JOIN noisy() ON true;
SELECT count(*) FROM calls;
COMMIT;
