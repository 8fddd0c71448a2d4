-- Joins on jsonb equality (hash joins keyed by documents): arrays,
-- objects, scalars, numbers written differently, NULLs (found by
-- bench/pgfuzz).
CREATE TABLE jj_a (id int PRIMARY KEY, doc jsonb);
CREATE TABLE jj_b (id int PRIMARY KEY, doc jsonb, tag text);
INSERT INTO jj_a VALUES (1, '{"k": "x", "n": 1}'), (2, '[1, 2]'), (3, '"x"'), (4, NULL), (5, '{"n": 2.50}'), (6, '[]');
INSERT INTO jj_b VALUES (1, '{"n": 1, "k": "x"}', 'obj'), (2, '[1, 2]', 'arr'), (3, '"x"', 'str'), (4, NULL, 'null'),
 (5, '{"n": 2.5}', 'num'), (6, '[2, 1]', 'rev'), (7, '[1, 2]', 'arr2');

SELECT a.id, b.id, b.tag FROM jj_a a JOIN jj_b b ON a.doc = b.doc ORDER BY 1, 2;
SELECT a.id, b.tag FROM jj_a a LEFT JOIN jj_b b ON b.doc = a.doc ORDER BY 1, 2;
SELECT a.id, count(b.id) FROM jj_a a LEFT JOIN jj_b b ON a.doc - 'k' = b.doc - 'k' AND jsonb_typeof(a.doc) = 'object' GROUP BY a.id ORDER BY 1;
SELECT a.id FROM jj_a a WHERE a.doc IN (SELECT b.doc FROM jj_b b WHERE b.tag LIKE 'arr%') ORDER BY 1;
SELECT a.id, b.id FROM jj_a a JOIN jj_b b ON a.doc = b.doc AND a.id = b.id ORDER BY 1;
