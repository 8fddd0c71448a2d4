-- CREATE VIEW and CREATE TABLE AS ... WITH NO DATA plan their query
-- without running it: a function it calls runs only when rows are read.
CREATE TABLE calls (n int);
CREATE FUNCTION fails() RETURNS SETOF int LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'fails ran';
END
$$;
CREATE FUNCTION noisy() RETURNS TABLE (a int, b text) LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calls VALUES (1);
  RAISE NOTICE 'noisy ran';
  RETURN QUERY SELECT 1, 'one';
END
$$;
CREATE VIEW v1 AS SELECT * FROM fails();
CREATE VIEW v2 AS SELECT b, a FROM noisy() WHERE a > 0;
CREATE TABLE t1 AS SELECT * FROM fails() WITH NO DATA;
CREATE TABLE t2 AS SELECT * FROM noisy() WITH NO DATA;
CREATE MATERIALIZED VIEW m1 AS SELECT * FROM fails() WITH NO DATA;
SELECT count(*) FROM calls;
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 't2'::regclass AND attnum > 0 ORDER BY attnum;
SELECT * FROM v2;
SELECT count(*) FROM calls;
SELECT * FROM v1;
CREATE TABLE t3 AS SELECT * FROM fails();
