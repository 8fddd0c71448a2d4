-- A join of three or more tables in a UNION / INTERSECT / EXCEPT branch:
-- its order is chosen with the whole query, not in the branch's own
-- analysis, whose columns GMS numbers again afterwards (the first
-- branch ignored a join condition, a later one lost its rows) (found by
-- bench/pgfuzz's plan check through GROUPING SETS; its fixture).
CREATE TABLE t1 (id int PRIMARY KEY, a int, b text, c numeric(10,2), d boolean, e date);
CREATE TABLE t2 (id int PRIMARY KEY, t1_id int, x int, y text, j jsonb);
CREATE INDEX t1_a ON t1 (a);
CREATE INDEX t2_t1 ON t2 (t1_id);
CREATE INDEX t1_b ON t1 (b);
CREATE INDEX t1_e_id ON t1 (e DESC, id);
CREATE INDEX t1_lb ON t1 (lower(b));
CREATE INDEX t2_x ON t2 (x) WHERE y = 'x';
CREATE INDEX t2_t1_x ON t2 (t1_id, x);
CREATE UNIQUE INDEX t2_y_id ON t2 (y, id);
INSERT INTO t1 VALUES
 (1, 10, 'apple', 1.50, true, '2024-01-01'), (2, 20, 'banana', 2.25, false, '2024-02-29'),
 (3, NULL, 'cherry', NULL, NULL, NULL), (4, 10, 'Apple', -3.00, true, '2023-12-31'),
 (5, 30, NULL, 0.00, false, '2024-01-01'), (6, 20, 'date', 10.10, true, '2025-06-15'),
 (7, -5, '', 7.77, NULL, '2000-01-01'), (8, 0, 'fig', 2.25, false, NULL),
 (9, 30, 'grape', 100.00, true, '2024-03-01'), (10, NULL, NULL, NULL, NULL, NULL);
INSERT INTO t2 VALUES
 (1, 1, 5, 'x', '{"k": "x", "n": 1, "tags": ["a", "b"]}'), (2, 1, 7, 'y', '{"n": 2.5}'),
 (3, 2, NULL, 'x', NULL), (4, 4, 5, NULL, '{"k": null, "n": -3}'), (5, 9, 0, 'z', '[1, 2, {"k": "x"}]'),
 (6, NULL, 3, 'y', '{}'), (7, 11, 8, 'x', '"x"'), (8, 6, -1, '', '{"k": "y", "tags": []}'),
 (9, 6, 5, 'y', '{"k": "x", "n": 10, "o": {"p": true}}'), (10, 3, 2, 'z', '{"n": "7"}');

SELECT t1.id, u.id, t2.id FROM t1 JOIN t1 AS u ON u.a = t1.a JOIN t2 ON t2.t1_id = u.id UNION ALL SELECT 0, 0, 0 ORDER BY 1, 2, 3;
SELECT 0, 0, 0 UNION ALL SELECT t1.id, u.id, t2.id FROM t1 JOIN t1 AS u ON u.a = t1.a JOIN t2 ON t2.t1_id = u.id ORDER BY 1, 2, 3;
SELECT t1.e FROM t1 JOIN t1 AS u ON u.a = t1.a AND u.id <> t1.id JOIN t2 ON t2.t1_id = u.id
 UNION SELECT t1.e FROM t1 JOIN t1 AS u ON u.a = t1.a JOIN t2 ON t2.t1_id = u.id WHERE t2.x > 4 ORDER BY 1;
SELECT t1.e AS k, count(*) FROM t1 JOIN t1 AS u ON u.a = t1.a AND u.id <> t1.id JOIN t2 ON t2.t1_id = u.id GROUP BY ROLLUP (1) ORDER BY 1, 2;
SELECT u.id FROM t1 JOIN t1 AS u ON u.a = t1.a JOIN t2 ON t2.t1_id = u.id EXCEPT SELECT t2.t1_id FROM t2 JOIN t1 ON t1.id = t2.t1_id JOIN t1 AS u ON u.id = t1.id WHERE t2.x < 5 ORDER BY 1;
