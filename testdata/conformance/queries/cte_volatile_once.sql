-- A WITH query calling a volatile function is evaluated once per
-- statement however often it is referenced (MATERIALIZED or not; NOT
-- MATERIALIZED does not fold a volatile query); data-modifying WITH
-- items still run once, recursive ones as before.
CREATE SEQUENCE s;
CREATE TABLE t (id int PRIMARY KEY, v int);
INSERT INTO t SELECT g, g * 10 FROM generate_series(1, 5) g;
WITH c AS (SELECT random() r) SELECT (SELECT r FROM c) = (SELECT r FROM c) AS same;
WITH c AS MATERIALIZED (SELECT random() r) SELECT (SELECT r FROM c) = (SELECT r FROM c) AS same;
WITH c AS NOT MATERIALIZED (SELECT random() r) SELECT (SELECT r FROM c) = (SELECT r FROM c) AS same;
WITH c AS (SELECT random() r) SELECT g, (SELECT r FROM c) = (SELECT r FROM c) AS same FROM generate_series(1, 3) g ORDER BY 1;
WITH c AS (SELECT nextval('s') n) SELECT (SELECT n FROM c), (SELECT n FROM c), (SELECT count(*) FROM c);
SELECT last_value FROM s;
WITH c AS (SELECT id, nextval('s') n FROM t) SELECT count(*), count(DISTINCT a.n) FROM c a JOIN c b ON a.id = b.id AND a.n = b.n;
SELECT last_value FROM s;
WITH c AS (SELECT id, random() r FROM t) SELECT count(*) FROM c a JOIN c b ON a.id = b.id AND a.r = b.r;
WITH a AS (SELECT id FROM t WHERE id < 3), c AS (SELECT id, nextval('s') n FROM a) SELECT c.id, c.n = c2.n AS same FROM c JOIN c c2 USING (id) ORDER BY 1;
WITH c (x, y) AS (SELECT id, random() FROM t) SELECT count(*) FROM c WHERE y = (SELECT y FROM c c2 WHERE c2.x = c.x);
WITH c AS (SELECT random() r), d AS (SELECT r FROM c) SELECT (SELECT r FROM d) = (SELECT r FROM c) AS same;
WITH c AS (SELECT id, random() r FROM t ORDER BY id LIMIT 2) SELECT count(*) FROM c;
WITH c AS (SELECT gen_random_uuid() u) SELECT count(DISTINCT u) FROM (SELECT u FROM c UNION ALL SELECT u FROM c) x;
WITH c AS (SELECT nextval('s') n) INSERT INTO t SELECT n + 100, 0 FROM c RETURNING id > 100 AS inserted;
WITH c AS (SELECT nextval('s') n), ins AS (INSERT INTO t SELECT n + 200, 1 FROM c RETURNING id) SELECT (SELECT n FROM c) + 200 = (SELECT id FROM ins) AS same;
SELECT count(*) FROM t;
WITH c AS (SELECT nextval('s') n) SELECT n, nextval('s') > n AS later FROM c;
SELECT last_value FROM s;
CREATE FUNCTION roll() RETURNS float8 LANGUAGE sql AS $$ SELECT random() $$;
WITH c AS (SELECT roll() u) SELECT (SELECT u FROM c) = (SELECT u FROM c) AS same;
CREATE FUNCTION twice() RETURNS bigint LANGUAGE plpgsql AS $$ DECLARE a bigint; b bigint; BEGIN WITH c AS (SELECT nextval('s') n) SELECT (SELECT n FROM c) INTO a; WITH c AS (SELECT nextval('s') n) SELECT (SELECT n FROM c) INTO b; RETURN b - a; END $$;
SELECT twice();
WITH RECURSIVE c (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT * FROM c ORDER BY 1;
WITH c AS (SELECT id, v FROM t WHERE id <= 2) SELECT a.id, b.v FROM c a JOIN c b USING (id) ORDER BY 1;
