-- Grouping keys of the same shape stay apart: two CASEs with as many
-- branches, = ANY beside > ALL over the same array, a row comparison
-- with < beside one with <= (GMS matched them by their text, which
-- did not spell them out: the second column showed the first's values)
-- (found by bench/pgfuzz).
CREATE TABLE gs_k (id int PRIMARY KEY, a int, b text);
INSERT INTO gs_k VALUES (1, 10, 'apple'), (2, 20, 'banana'), (3, NULL, 'cherry'), (4, 10, 'Apple'), (5, 30, NULL), (6, 20, 'date');

SELECT CASE WHEN a > 5 THEN 1 ELSE 2 END AS x, CASE WHEN b = 'apple' THEN 3 ELSE 4 END AS y, count(*) FROM gs_k GROUP BY 1, 2 ORDER BY 1, 2;
SELECT CASE a WHEN 10 THEN 'ten' END AS x, CASE b WHEN 'date' THEN 'd' END AS y, count(*) FROM gs_k GROUP BY 1, 2 ORDER BY 1, 2;
SELECT a = ANY (ARRAY[10, 20]) AS x, a > ALL (ARRAY[10, 20]) AS y, count(*) FROM gs_k GROUP BY 1, 2 ORDER BY 1, 2;
SELECT (a, id) < (10, 4) AS x, (a, id) <= (10, 4) AS y, count(*) FROM gs_k GROUP BY 1, 2 ORDER BY 1, 2;
SELECT CASE WHEN a > 5 THEN 1 ELSE 2 END AS x, CASE WHEN b = 'apple' THEN 3 ELSE 4 END AS y, count(*) FROM gs_k GROUP BY ROLLUP (1, 2) ORDER BY 1, 2, 3;
