-- A window function whose argument is a subquery, beside a PARTITION BY
-- or ORDER BY that is one too, reads its own subquery's value (it read
-- the key's) (found by bench/pgfuzz).
CREATE TABLE ws_a (id int PRIMARY KEY, v int);
CREATE TABLE ws_b (id int PRIMARY KEY, a_id int, x int, y text);
INSERT INTO ws_a VALUES (1, 1), (2, 1), (3, 2), (4, NULL);
INSERT INTO ws_b VALUES (1, 1, 5, 'x'), (2, 1, 7, 'y'), (3, 2, NULL, 'x'), (4, 3, 2, 'z');

SELECT id, avg((SELECT min(x) FROM ws_b WHERE a_id = ws_a.v)) OVER (PARTITION BY (SELECT count(*) FROM ws_b WHERE a_id = ws_a.v) ORDER BY id) FROM ws_a ORDER BY id;
SELECT id, avg((SELECT min(x) FROM ws_b WHERE a_id = ws_a.id)) OVER (PARTITION BY (SELECT count(*) FROM ws_b WHERE a_id = ws_a.id) ORDER BY id) FROM ws_a ORDER BY id;
SELECT id, sum((SELECT min(x) FROM ws_b WHERE a_id = ws_a.id)) OVER (ORDER BY (SELECT count(*) FROM ws_b WHERE a_id = ws_a.id), id),
       lag((SELECT max(y) FROM ws_b WHERE a_id = ws_a.id)) OVER (PARTITION BY (SELECT 1 FROM ws_b WHERE ws_b.id = ws_a.id) ORDER BY id)
FROM ws_a ORDER BY id;
SELECT id, first_value(coalesce((SELECT min(x) FROM ws_b WHERE a_id = ws_a.v AND y <> 'x'), -1)) OVER (PARTITION BY (SELECT string_agg(y, ',' ORDER BY id) FROM ws_b WHERE a_id = ws_a.v) ORDER BY id) FROM ws_a ORDER BY id;
