-- The columns of a set operation nested in another (a UNION b UNION c,
-- also the branches GROUPING SETS expand into) have PostgreSQL's common
-- type, so ORDER BY sorts numbers as numbers, not as text (found by
-- bench/pgfuzz).
CREATE TABLE sn_t (id int PRIMARY KEY, a int, c numeric(10,2));
INSERT INTO sn_t VALUES (1, 10, 1.50), (2, 20, 2.25), (3, NULL, NULL), (4, 10, -3.00), (5, 30, 100.00), (6, 20, 10.10), (7, 5, 7.77);

SELECT CASE WHEN a > 100 THEN c END AS k FROM sn_t UNION ALL SELECT c FROM sn_t UNION ALL SELECT CASE WHEN a > 100 THEN c END FROM sn_t ORDER BY 1;
SELECT 1 AS k FROM sn_t UNION SELECT c FROM sn_t UNION SELECT 2.5 ORDER BY 1;
SELECT c AS k FROM sn_t WHERE id < 4 UNION ALL (SELECT a FROM sn_t UNION SELECT 7) ORDER BY 1 DESC NULLS LAST;
SELECT a AS k1, c AS k2, grouping(a, c) AS g, count(*) FROM sn_t GROUP BY GROUPING SETS ((1), (2), ()) ORDER BY 3, 2 NULLS FIRST, 1, 4;
SELECT a AS k1, c AS k2, count(*) FROM sn_t GROUP BY CUBE (1, 2) ORDER BY 2, 1, 3;
