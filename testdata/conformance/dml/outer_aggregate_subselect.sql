-- An aggregate inside a sub-select of UPDATE or DELETE that reads only
-- the target's columns is the statement's own, which PostgreSQL refuses
-- (42803); aggregates of the sub-select's own columns work.
CREATE TABLE t (x int, y int);
CREATE TABLE t2 (a int);
INSERT INTO t VALUES (1, 1), (2, 2);
INSERT INTO t2 VALUES (1), (5);
UPDATE t SET x = (SELECT max(t.x)) WHERE x = 1;
UPDATE t SET x = (SELECT max(x)) WHERE x = 1;
UPDATE t SET x = (SELECT max(t2.a) FROM t2 WHERE t2.a > t.y) WHERE x = 1 RETURNING x;
UPDATE t SET x = (SELECT count(*) FROM t2 WHERE t2.a = t.y) RETURNING x;
DELETE FROM t WHERE x = -3 RETURNING (SELECT max(t.x));
DELETE FROM t WHERE x = (SELECT max(t.x));
DELETE FROM t WHERE x = (SELECT max(t2.a) FROM t2 WHERE t2.a < t.y) RETURNING x;
UPDATE t SET x = x + 1 FROM t2 WHERE t2.a = (SELECT max(t.y));
UPDATE t SET x = 1 WHERE EXISTS (SELECT 1 FROM t2 GROUP BY t2.a HAVING max(t2.a) > t.y) RETURNING x;
INSERT INTO t SELECT max(t2.a), 1 FROM t2 RETURNING x;
SELECT x, y FROM t ORDER BY x, y;
