-- A materialized WITH query (MATERIALIZED, referenced twice, or calling
-- a volatile function) is computed once, only as far as the statement
-- reads it, and its references' conditions do not reach into it: a row
-- no reference reads never raises, every row the query yields is
-- computed, and a data-modifying item still runs whole though unread.
CREATE SEQUENCE s;
CREATE TABLE t (id int PRIMARY KEY, a int);
INSERT INTO t VALUES (1, 10), (2, 20), (3, 0), (4, 5);
CREATE TABLE log (id int);
WITH x AS MATERIALIZED (SELECT id, 100 / a AS q FROM t) SELECT * FROM x LIMIT 0;
WITH x AS MATERIALIZED (SELECT id, 100 / a AS q FROM t) SELECT 1 AS one;
WITH x AS MATERIALIZED (SELECT id, 100 / a AS q FROM t ORDER BY id) SELECT * FROM x ORDER BY id LIMIT 2;
WITH x AS MATERIALIZED (SELECT id, 100 / a AS q FROM t) SELECT id FROM x WHERE id = 1;
WITH x AS (SELECT id, 100 / a AS q FROM t) SELECT id FROM x WHERE id = 1;
WITH x AS NOT MATERIALIZED (SELECT id, 100 / a AS q FROM t) SELECT a.id FROM x a JOIN x b USING (id) WHERE a.id = 1;
WITH x AS (SELECT id, 100 / a AS q FROM t) SELECT a.id FROM x a JOIN x b USING (id) WHERE a.id = 1;
WITH x AS MATERIALIZED (SELECT id, 100 / a AS q FROM t) SELECT EXISTS (SELECT 1 FROM x) AS any;
WITH x AS MATERIALIZED (SELECT id, nextval('s') AS n FROM t ORDER BY id) SELECT id FROM x ORDER BY id LIMIT 2;
SELECT last_value FROM s;
WITH x AS MATERIALIZED (SELECT id, nextval('s') AS n FROM t) SELECT count(*) FROM x WHERE id > 2;
SELECT last_value FROM s;
WITH x AS (SELECT id, nextval('s') AS n FROM t) SELECT 1 AS one;
SELECT last_value FROM s;
WITH x AS MATERIALIZED (SELECT id, a FROM t), y AS MATERIALIZED (SELECT id FROM x WHERE a > 5) SELECT x.id, x.a FROM x JOIN y USING (id) ORDER BY 1;
WITH x (k, v) AS MATERIALIZED (SELECT id, a * 2 FROM t) SELECT t.id, (SELECT v FROM x WHERE k = t.id) FROM t ORDER BY 1;
WITH ins AS (INSERT INTO log VALUES (1), (2) RETURNING id) SELECT 1 AS one;
WITH ins AS (INSERT INTO log VALUES (3) RETURNING id), x AS MATERIALIZED (SELECT id FROM t) SELECT count(*) FROM x;
SELECT id FROM log ORDER BY 1;
PREPARE p AS WITH x AS MATERIALIZED (SELECT id, a FROM t WHERE id > $1) SELECT count(*) FROM x a JOIN x b USING (id);
EXECUTE p(1);
EXECUTE p(3);
WITH x AS MATERIALIZED (SELECT id, a - a AS z FROM t) SELECT id, sum(id % z) OVER () FROM x;
WITH x AS MATERIALIZED (SELECT id, sum(id % (a - a)) OVER () AS s FROM t) SELECT * FROM x;
WITH x AS MATERIALIZED (SELECT id, a, 100 / a AS q FROM t) SELECT DISTINCT ON (a) a, id FROM x WHERE id <> 3 ORDER BY a, id DESC;
WITH x AS (SELECT id, a FROM t) SELECT DISTINCT ON (a) a, id FROM x ORDER BY a, id DESC;
