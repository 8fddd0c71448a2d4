-- GROUP BY ROLLUP / CUBE / GROUPING SETS: a key that reads another key
-- keeps its own value where the other is rolled up; keys written as
-- ordinals of constants stay constants; the empty set is one group even
-- without aggregates, as is a HAVING without GROUP BY (found by
-- bench/pgfuzz).
CREATE TABLE gs_t (id int PRIMARY KEY, a int, d boolean, e date, c numeric(10,2));
INSERT INTO gs_t VALUES (1, 10, true, '2024-01-01', 1.50), (2, 20, false, '2024-02-29', 2.25), (3, NULL, NULL, NULL, NULL),
 (4, 10, true, '2023-12-31', -3.00), (5, 30, false, '2024-01-01', 0.00), (6, 20, true, NULL, 10.10);

SELECT coalesce(e, DATE '1999-12-31') AS k1, e AS k2, grouping(coalesce(e, DATE '1999-12-31'), e) AS g, count(*) FROM gs_t GROUP BY GROUPING SETS ((1), (2), ()) ORDER BY 3, 1, 2;
SELECT a + 1 AS k1, a AS k2, grouping(a + 1, a) AS g, sum(c) FROM gs_t GROUP BY ROLLUP (2, 1) ORDER BY 3, 1, 2;
SELECT abs(a) AS k1, a AS k2, count(*) FROM gs_t GROUP BY CUBE (1, 2) ORDER BY 3, 1, 2;
SELECT 10 AS k1, (c)::int AS k2, grouping(10, (c)::int) AS g, count(*) FROM gs_t GROUP BY CUBE (1, 2) ORDER BY 3, 2, 4;
SELECT '' AS k, count(*) FROM gs_t GROUP BY ROLLUP (1) ORDER BY 2, 1;
SELECT a AS k1, d AS k2 FROM gs_t GROUP BY ROLLUP (1, 2) ORDER BY 1, 2;
SELECT 2 AS k FROM gs_t GROUP BY ();
SELECT a, grouping(a) FROM gs_t WHERE false GROUP BY ROLLUP (a);
SELECT 1 AS x FROM gs_t HAVING true;
SELECT 1 AS x FROM gs_t WHERE false HAVING true;
SELECT 1 AS x FROM gs_t HAVING 1 > 2;
