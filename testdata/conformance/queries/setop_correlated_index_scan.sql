-- A correlated subquery in a UNION / EXCEPT / INTERSECT branch whose
-- table is read through an index reads its own row, not the outer one
-- (found by bench/pgfuzz: plans with and without index scans differed).
CREATE TABLE sx_a (id int PRIMARY KEY, v int);
CREATE INDEX sx_a_v ON sx_a (v);
CREATE TABLE sx_b (id int PRIMARY KEY, x int, y text);
INSERT INTO sx_a VALUES (1, -5), (2, 3), (3, 7), (4, NULL);
INSERT INTO sx_b VALUES (1, 5, 'x'), (2, 7, NULL), (3, 8, 'y'), (4, 0, NULL);

SELECT sx_a.id, (SELECT count(*) FROM sx_b WHERE sx_b.x > sx_a.id) FROM sx_a WHERE sx_a.v < 0 UNION ALL SELECT 0, 100 ORDER BY 1;
SELECT (SELECT count(*) FROM sx_b WHERE sx_b.x > sx_a.id) FROM sx_a WHERE sx_a.v < 0 EXCEPT SELECT 100;
SELECT (SELECT max(u.v) FROM sx_a u WHERE u.v = sx_b.x) FROM sx_b WHERE sx_b.y IS NULL INTERSECT SELECT 7;
SELECT sx_a.v FROM sx_a WHERE NOT (sx_a.v > ALL (SELECT x FROM sx_b WHERE sx_b.id <> sx_a.id)) AND sx_a.v = 7 UNION ALL SELECT 1 ORDER BY 1;
SELECT id FROM sx_a WHERE v = 3 UNION SELECT id FROM sx_b WHERE x = 8 ORDER BY 1;
