-- HAVING over a join whose aggregates read a column name both tables
-- have (id): each qualified reference reads its own table's column.
CREATE TABLE hs_a (id int PRIMARY KEY, n text);
CREATE TABLE hs_b (id int PRIMARY KEY, a_id int, v int);
INSERT INTO hs_a VALUES (1, 'x'), (2, 'y'), (3, 'z');
INSERT INTO hs_b VALUES (10, 1, 5), (11, 1, 7), (12, 2, 1), (13, NULL, 2);
SELECT hs_a.id FROM hs_a JOIN hs_b ON hs_b.a_id = hs_a.id GROUP BY hs_a.id HAVING count(hs_b.id) > 0 ORDER BY hs_a.id;
SELECT a.id FROM hs_a a JOIN hs_b b ON b.a_id = a.id GROUP BY a.id HAVING count(b.id) > 1;
SELECT a.id, count(b.id) AS n, max(b.id) FROM hs_a a JOIN hs_b b ON b.a_id = a.id GROUP BY a.id HAVING max(b.id) > 10 ORDER BY n DESC, a.id;
SELECT a.id, a.n FROM hs_a a LEFT JOIN hs_b b ON b.a_id = a.id GROUP BY a.id HAVING count(b.id) = 0;
SELECT a.id FROM hs_a a JOIN hs_b b ON b.a_id = a.id GROUP BY a.id HAVING sum(b.id) > 10 AND a.id < 3 AND count(DISTINCT b.v) >= 1 ORDER BY 1 LIMIT 1;
SELECT a.n AS label, sum(b.v) FROM hs_a a, hs_b b WHERE b.a_id = a.id GROUP BY a.n HAVING min(b.id) + min(a.id) > 0 ORDER BY label;
SELECT DISTINCT count(b.id) FROM hs_a a JOIN hs_b b ON b.a_id = a.id GROUP BY a.id HAVING count(b.id) > 0;
SELECT a.id FROM hs_a a JOIN hs_b b ON b.a_id = a.id GROUP BY a.id HAVING count(b.id) > 0 AND a.n = 'q';
SELECT count(*) FROM hs_a a JOIN hs_b b ON b.a_id = a.id HAVING count(b.id) > 2;
