-- A bare column name two FROM items both have is ambiguous (42702) at its
-- position, in each clause; USING and NATURAL joins merge the name, the
-- innermost level holding it decides, and ORDER BY looks at output names
-- first.
CREATE TABLE t (id int PRIMARY KEY, name text, n int);
CREATE TABLE u (id int PRIMARY KEY, t_id int, n int);
INSERT INTO t VALUES (1, 'a', 10), (2, 'b', 20);
INSERT INTO u VALUES (1, 1, 5), (2, 2, 6), (3, 1, 7);
SELECT id FROM t, u;
SELECT n FROM t JOIN u ON u.t_id = t.id;
SELECT t.id FROM t JOIN u ON t.id = u.t_id WHERE n > 1;
SELECT count(*) FROM t JOIN u ON t.id = u.t_id GROUP BY n;
SELECT count(*) FROM t JOIN u ON t.id = u.t_id GROUP BY t.n HAVING max(n) > 1;
SELECT t.id FROM t JOIN u ON id = u.t_id;
SELECT * FROM t JOIN u ON t.id = u.id ORDER BY n;
SELECT t.n, u.n FROM t JOIN u ON t.id = u.id ORDER BY n;
SELECT t.*, u.n FROM t JOIN u ON t.id = u.id ORDER BY n;
SELECT t.n, t.n FROM t JOIN u ON t.id = u.id ORDER BY n;
SELECT t.n AS n, u.id FROM t JOIN u ON t.id = u.id ORDER BY n;
SELECT u.n, name FROM t JOIN u ON t.id = u.t_id ORDER BY n, name;
SELECT id, name FROM t JOIN u USING (id) ORDER BY id;
SELECT id, n FROM t NATURAL JOIN u ORDER BY id;
SELECT j.id FROM (t JOIN u USING (id)) AS j ORDER BY 1;
SELECT name, (SELECT n FROM u WHERE u.id = t.id) FROM t ORDER BY 1;
SELECT name, (SELECT max(n) FROM u WHERE t_id = t.id) FROM t ORDER BY 1;
SELECT name FROM t WHERE EXISTS (SELECT 1 FROM u WHERE t_id = id) ORDER BY 1;
SELECT name FROM t WHERE EXISTS (SELECT 1 FROM u, t t2 WHERE t_id = id) ORDER BY 1;
SELECT x.n FROM (SELECT n FROM t) x, (SELECT n FROM u) y;
SELECT n FROM (SELECT n FROM t) x, (SELECT n AS m FROM u) y ORDER BY n;
WITH a AS (SELECT id, n FROM t), b AS (SELECT id, n FROM u) SELECT id FROM a JOIN b USING (id) ORDER BY id;
WITH a AS (SELECT id, n FROM t), b AS (SELECT id, n FROM u) SELECT n FROM a JOIN b USING (id);
SELECT name, l.n FROM t, LATERAL (SELECT n FROM u WHERE u.t_id = t.id ORDER BY n LIMIT 1) l ORDER BY 1;
SELECT id + 1 AS id FROM t, u WHERE t.id = u.id ORDER BY id;
SELECT n FROM t UNION SELECT n FROM u ORDER BY n;
SELECT t.id, sum(u.n) FROM t JOIN u ON u.t_id = t.id GROUP BY t.id ORDER BY id;
SELECT t.id AS id, u.id AS id FROM t JOIN u ON u.t_id = t.id ORDER BY id;
SELECT row_number() OVER (ORDER BY n) FROM t JOIN u ON u.t_id = t.id;
SELECT name FROM t JOIN u ON u.t_id = t.id WHERE t.n = 10 AND u.n = 5;
UPDATE t SET n = 1 FROM u WHERE u.id = t.id AND n = 2;
UPDATE t SET n = n + 1 FROM u WHERE u.id = t.id;
UPDATE t SET n = t.n + 1 FROM u WHERE u.id = t.id RETURNING n;
UPDATE t SET n = t.n + 1 FROM u WHERE u.id = t.id RETURNING name, t_id;
UPDATE t SET n = t.n + 1 FROM t t2 WHERE t.id = t2.id AND t2.n > 15 RETURNING t.n, t2.n;
UPDATE t SET name = name || '!' FROM u WHERE u.t_id = t.id AND u.n = 6 RETURNING t.id, name;
UPDATE t SET n = 0 FROM u JOIN (SELECT 1 AS id) s USING (id) WHERE u.t_id = t.id RETURNING t.id, s.id;
DELETE FROM t USING u WHERE u.id = t.id AND n = 2;
DELETE FROM u USING t WHERE t.id = u.t_id AND t.name = 'zz' RETURNING t_id, u.n;
SELECT id, name, n FROM t ORDER BY id;
