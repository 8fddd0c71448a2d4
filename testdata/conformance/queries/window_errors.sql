-- Errors raised inside window functions fail the statement, wherever the window's result is used.
CREATE TABLE t (id int PRIMARY KEY, grp text NOT NULL);
INSERT INTO t VALUES (1, 'a'), (2, 'a'), (3, 'b');
SELECT id, ntile(0) OVER (ORDER BY id) FROM t;
SELECT ntile(0) OVER (ORDER BY id) + 1 FROM t;
SELECT * FROM (SELECT id, ntile(0) OVER (ORDER BY id) AS n FROM t) s WHERE n > 1;
SELECT id FROM (SELECT id, ntile(0) OVER (ORDER BY id) AS n FROM t) s ORDER BY n;
SELECT id, nth_value(id, 0) OVER (ORDER BY id) FROM t;
SELECT id, ntile(2) OVER (PARTITION BY grp ORDER BY id) FROM t ORDER BY id;
SELECT id, nth_value(id, 2) OVER (ORDER BY id) FROM t ORDER BY id;
SELECT id, lag(id, 1) OVER (ORDER BY id) FROM t ORDER BY id;
BEGIN;
SELECT ntile(-1) OVER () FROM t;
SELECT 1;
ROLLBACK;
SELECT count(*) FROM t;
