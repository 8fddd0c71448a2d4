-- an unread computed column of a FROM subquery or inlined CTE is not
-- evaluated also when it holds a sub-select, unless something in it is
-- volatile (bench/pgfuzz seed 51)
CREATE TABLE us_t (id int PRIMARY KEY, a int, b text);
CREATE TABLE us_u (id int PRIMARY KEY, t_id int, x int);
INSERT INTO us_t VALUES (1, 10, 'x'), (2, 0, NULL), (3, NULL, 'y');
INSERT INTO us_u VALUES (1, 1, 5), (2, 1, 7), (3, 2, NULL);
WITH c AS (SELECT id, coalesce((SELECT min(u.x) FROM us_u u WHERE u.t_id = us_t.a), -1) % a AS v, b FROM us_t) SELECT c.id, c.b FROM c ORDER BY c.id;
SELECT s.id FROM (SELECT id, (SELECT u.x FROM us_u u) AS v FROM us_t) s ORDER BY s.id;
SELECT s.id FROM (SELECT id, EXISTS (SELECT 1 FROM us_u u WHERE u.x / us_t.a > 0) AS v FROM us_t) s ORDER BY s.id;
SELECT s.id FROM (SELECT id, (SELECT u.x FROM us_u u) AS v FROM us_t) s WHERE s.v IS NULL ORDER BY s.id;
SELECT count(*) FROM (SELECT id, (SELECT u.x / 0 FROM us_u u LIMIT 1) AS v FROM us_t) s;
SELECT s.id FROM (SELECT id, (SELECT random() > 2 OR u.x / 0 > 0 FROM us_u u LIMIT 1) AS v FROM us_t) s ORDER BY s.id;
SELECT count(*) FROM (SELECT id, (SELECT count(*) FROM us_u u WHERE u.t_id = us_t.id) AS v FROM us_t) s;
