-- A grouped query whose key is an expression over columns of a FULL
-- JOIN's two sides, with HAVING: each output is its group's first row's
-- value, NULL included, not each column's first non-NULL value taken
-- from different rows (a NULL key showed another group's value)
-- (found by bench/pgfuzz through GROUPING SETS).
CREATE TABLE gk_a (id int PRIMARY KEY, a int);
CREATE TABLE gk_b (id int PRIMARY KEY, a_id int);
INSERT INTO gk_a VALUES (1, 10), (2, 20), (3, NULL), (4, 10), (7, 5);
INSERT INTO gk_b VALUES (1, 1), (2, 1), (3, 2), (4, 4), (7, NULL), (9, 9);

SELECT gk_a.id / gk_b.id AS k, count(*) FROM gk_a FULL JOIN gk_b ON gk_b.a_id = gk_a.id GROUP BY 1 HAVING count(*) > 0 ORDER BY 1;
SELECT coalesce(gk_a.id, 0) + coalesce(gk_b.id, 0) AS k, count(*) FROM gk_a FULL JOIN gk_b ON gk_b.a_id = gk_a.id GROUP BY 1 HAVING count(*) > 0 ORDER BY 1;
SELECT gk_a.a - gk_b.a_id AS k, sum(gk_b.id) FROM gk_a FULL JOIN gk_b ON gk_b.a_id = gk_a.id GROUP BY 1 HAVING sum(gk_b.id) IS NOT NULL OR count(*) > 1 ORDER BY 1;
SELECT gk_a.id / gk_b.id AS k1, gk_b.a_id AS k2, count(*) FROM gk_a FULL JOIN gk_b ON gk_b.a_id = gk_a.id GROUP BY ROLLUP (1, 2) HAVING count(*) > 0 ORDER BY 1, 2, 3;
