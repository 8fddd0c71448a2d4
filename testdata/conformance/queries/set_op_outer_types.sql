-- expressions over a set operation's columns use the columns' common type
CREATE TABLE m (id int PRIMARY KEY, small int2, big bigint, amount numeric(10,2), ratio float8, code varchar(3), label text, at date);
INSERT INTO m VALUES (1, 1, 10000000000, 12.50, 0.5, 'ab', 'first', '2024-01-01'), (2, 32000, 2147483647, 3.25, 1.5, 'cd', 'second', '2024-02-29');
SELECT total * 2 FROM (SELECT id AS total FROM m UNION ALL SELECT big FROM m) s ORDER BY 1;
SELECT x + 1 FROM (SELECT small AS x FROM m UNION SELECT big FROM m) s ORDER BY 1;
SELECT v / 4, pg_typeof(v) FROM (SELECT id AS v FROM m UNION ALL SELECT amount FROM m) s ORDER BY 1;
SELECT v / 4 FROM (SELECT amount AS v FROM m UNION ALL SELECT ratio FROM m) s ORDER BY 1;
SELECT length(c) , c || '!' FROM (SELECT code AS c FROM m UNION SELECT label FROM m) s ORDER BY 1, 2;
SELECT n + 2147483647 FROM (SELECT 1 AS n UNION ALL SELECT big FROM m WHERE id = 2) s ORDER BY 1;
WITH u AS (SELECT id AS k FROM m UNION ALL SELECT big FROM m) SELECT max(k) + 1 FROM u;
SELECT sum(k) FROM (SELECT small AS k FROM m UNION ALL SELECT small FROM m UNION ALL SELECT big FROM m) s;
SELECT k * 1000000 FROM (SELECT id AS k FROM m INTERSECT SELECT big FROM m) s;
SELECT k FROM (SELECT big AS k FROM m EXCEPT SELECT id FROM m) s WHERE k > 2147483647 ORDER BY 1;
SELECT d + 1 FROM (SELECT at AS d FROM m UNION SELECT NULL) s ORDER BY 1;
SELECT t, pg_typeof(t) FROM (SELECT 'x' AS t UNION SELECT label FROM m) s ORDER BY 1;
SELECT s.id, s.id + 2147483647 FROM (SELECT m.id FROM m UNION ALL SELECT 5::bigint) s ORDER BY 1;
SELECT id FROM m UNION SELECT label FROM m;
SELECT a * 2, b FROM (SELECT id AS a, code AS b FROM m UNION ALL SELECT big, label FROM m) s ORDER BY 1, 2;
SELECT z FROM (SELECT id + 0 AS z FROM m UNION ALL SELECT big FROM m) s ORDER BY 1;
