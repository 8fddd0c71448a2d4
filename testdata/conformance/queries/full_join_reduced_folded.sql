-- A FULL JOIN without a merge- or hash-joinable condition is accepted
-- when PostgreSQL reduces it or plans no join at all: WHERE rejects a
-- side's NULLs once constants are folded (`x OR 0 IN (1, 2)` is x), a
-- conjunct folds to FALSE or NULL, or the query groups by a sub-select
-- (tinybase joins the key in laterally) (found by bench/pgfuzz).
CREATE TABLE fj_a (id int PRIMARY KEY, a int, b text, c numeric(10,2));
CREATE TABLE fj_b (id int PRIMARY KEY, a_id int, x int, y text);
INSERT INTO fj_a VALUES (1, 10, 'apple', 1.50), (2, 20, 'fig', 0.00), (3, NULL, 'x', NULL), (4, 5, NULL, -5.00);
INSERT INTO fj_b VALUES (1, 1, 5, 'x'), (2, 1, 7, 'y'), (3, 2, NULL, 'x'), (4, 4, 10, NULL), (5, NULL, 3, 'apple'), (6, 9, 20, 'z');

SELECT (SELECT s.x FROM fj_b s WHERE s.id = fj_a.id) AS k, count(*) FROM fj_a FULL JOIN fj_b ON fj_b.x = fj_a.a OR fj_b.a_id = fj_a.id WHERE fj_a.b LIKE '%p%' GROUP BY 1 ORDER BY 1;
SELECT fj_a.id, array_agg(EXISTS (SELECT 1 FROM fj_b s WHERE s.a_id = fj_b.x) ORDER BY fj_b.id) FROM fj_a FULL JOIN fj_b ON fj_b.x = fj_a.a OR fj_b.a_id = fj_a.id WHERE fj_b.y <> 'q' GROUP BY 1 ORDER BY 1;
SELECT fj_a.id, fj_b.id FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE NOT (fj_a.b = 'fig' OR 0 IN (30, 100, 1)) ORDER BY 1, 2;
SELECT fj_a.id, fj_b.id FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE (fj_a.c)::int IN (-5, 0, NULL::int) ORDER BY 1, 2;
SELECT count(*) FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE fj_b.x IS NULL AND NULL::boolean;
SELECT count(*) FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE NOT (fj_b.x IS NULL OR NULL::boolean);
SELECT count(*) FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE NOT (fj_b.x IS NULL OR true);
SELECT count(*) FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE fj_b.x IS NULL AND 1 NOT IN (1, 2);
SELECT count(*) FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE fj_b.x > NULL;
SELECT count(*) FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE fj_b.x IS NULL OR NULL::boolean;
SELECT count(*) FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE fj_b.x IS NULL OR 1 NOT IN (1, 2);
SELECT count(*) FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE fj_a.id BETWEEN NULL::int AND 20 OR -5 IS NULL;
SELECT count(*) FROM fj_a FULL JOIN fj_b ON fj_b.a_id BETWEEN fj_a.id AND fj_a.id + 1 WHERE fj_b.x IS NULL OR -5 IS NOT NULL;
