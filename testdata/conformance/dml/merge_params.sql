-- MERGE with parameters (PREPARE / EXECUTE), in SQL and PL/pgSQL
-- functions (GET DIAGNOSTICS ROW_COUNT, FOUND) and in a procedure
CREATE TABLE kv (k text PRIMARY KEY, v int NOT NULL);
PREPARE up(text, int) AS
  MERGE INTO kv USING (SELECT $1 AS k, $2 AS v) s ON kv.k = s.k
  WHEN MATCHED THEN UPDATE SET v = kv.v + s.v
  WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v);
EXECUTE up('a', 1);
EXECUTE up('a', 2);
EXECUTE up('b', 5);
SELECT * FROM kv ORDER BY k;
PREPARE del(int) AS MERGE INTO kv USING (VALUES (1)) x(one) ON kv.v >= $1 WHEN MATCHED THEN DELETE;
EXECUTE del(4);
SELECT * FROM kv ORDER BY k;
CREATE FUNCTION bump(key text, n int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE c int;
BEGIN
  MERGE INTO kv USING (SELECT key AS k) s ON kv.k = s.k
    WHEN MATCHED THEN UPDATE SET v = kv.v + n
    WHEN NOT MATCHED THEN INSERT VALUES (key, n);
  GET DIAGNOSTICS c = ROW_COUNT;
  RETURN c;
END $$;
SELECT bump('a', 10), bump('z', 1);
SELECT * FROM kv ORDER BY k;
CREATE FUNCTION drop_small(lim int) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  MERGE INTO kv USING (SELECT 1) s ON kv.v < lim WHEN MATCHED THEN DELETE;
  IF FOUND THEN RETURN 'found'; END IF;
  RETURN 'not found';
END $$;
SELECT drop_small(2);
SELECT drop_small(2);
SELECT * FROM kv ORDER BY k;
CREATE FUNCTION sqlmerge(key text) RETURNS void LANGUAGE sql AS $$
  MERGE INTO kv USING (SELECT key AS k) s ON kv.k = s.k
    WHEN NOT MATCHED THEN INSERT VALUES (s.k, 100);
$$;
SELECT sqlmerge('q');
SELECT sqlmerge('q');
SELECT * FROM kv ORDER BY k;
CREATE PROCEDURE zero_all() LANGUAGE plpgsql AS $$
BEGIN
  MERGE INTO kv USING (SELECT 1) s ON true WHEN MATCHED THEN UPDATE SET v = 0;
END $$;
CALL zero_all();
SELECT * FROM kv ORDER BY k;
DO $$ BEGIN MERGE INTO kv USING (SELECT 'r' AS k) s ON kv.k = s.k WHEN NOT MATCHED THEN INSERT VALUES (s.k, 1); END $$;
SELECT * FROM kv ORDER BY k;
