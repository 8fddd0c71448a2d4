-- A FROM subquery's or inlined WITH query's column that the query above
-- never reads is not computed, as PostgreSQL pulls the subquery up or
-- replaces the column by NULL: no error from it, under IN / EXISTS
-- semi-joins, joins and aggregates; a column that is read still is.
CREATE TABLE t (id int PRIMARY KEY, a int);
INSERT INTO t VALUES (1, 10), (2, 0), (3, 5);
CREATE TABLE u (id int PRIMARY KEY, x int);
INSERT INTO u VALUES (1, 1), (2, 3), (3, 7);
WITH c AS (SELECT id, 100 / a AS q FROM t) SELECT id FROM u WHERE x IN (SELECT id FROM c) ORDER BY 1;
WITH c AS (SELECT id, 100 / a AS q FROM t) SELECT id FROM u WHERE EXISTS (SELECT 1 FROM c WHERE c.id = u.x) ORDER BY 1;
WITH c AS (SELECT id, 100 / a AS q FROM t) SELECT id FROM u WHERE NOT EXISTS (SELECT 1 FROM c WHERE c.id = u.x) ORDER BY 1;
WITH c (k, v) AS (SELECT id, 100 / a FROM t) SELECT id FROM u WHERE x IN (SELECT k FROM c) ORDER BY 1;
WITH c (k, v) AS (SELECT id, 100 / a FROM t) SELECT id FROM u WHERE x IN (SELECT v FROM c) ORDER BY 1;
SELECT count(*) FROM (SELECT id, 100 / a AS q FROM t) s;
SELECT s.id FROM (SELECT id, 100 / a AS q FROM t) s JOIN u ON u.id = s.id ORDER BY 1;
SELECT s.id, s.q FROM (SELECT id, 100 / a AS q FROM t) s JOIN u ON u.id = s.id ORDER BY 1;
WITH c AS NOT MATERIALIZED (SELECT id, 100 / a AS q FROM t) SELECT a.id FROM c a JOIN c b USING (id) WHERE a.id = 1;
SELECT u.id FROM u WHERE u.x IN (SELECT s.id FROM (SELECT id, 100 / a AS q, a FROM t) s WHERE s.a > 1) ORDER BY 1;
SELECT DISTINCT id FROM (SELECT id, 100 / a AS q FROM t) s ORDER BY 1;
SELECT id FROM (SELECT DISTINCT id, 100 / a AS q FROM t) s ORDER BY 1;
SELECT count(*) FROM (SELECT id, 100 / a AS q FROM t UNION ALL SELECT id, 1 FROM u) s;
WITH c AS (SELECT id, 100 / a AS q FROM t) SELECT id, EXISTS (SELECT 1 FROM c WHERE c.id = u.x) AS e FROM u ORDER BY 1;
WITH c AS (SELECT id, 100 / a AS q FROM t) SELECT id FROM u WHERE x = 1 OR x IN (SELECT id FROM c) ORDER BY 1;
SELECT id, (SELECT count(*) FROM (SELECT id, 100 / a AS q FROM t) s WHERE s.id = u.x) AS n FROM u ORDER BY 1;
