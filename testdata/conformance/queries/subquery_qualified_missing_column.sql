-- A qualified column binds to the nearest level whose FROM item takes
-- the qualifier: a column that table lacks is 42703 there, not the
-- same-named alias's column one level out.
CREATE TABLE t1 (id int PRIMARY KEY, a int, b text);
CREATE TABLE t3 (id int PRIMARY KEY, s text, arr int[]);
INSERT INTO t1 VALUES (1, 1, 'x'), (2, 5, 'y');
INSERT INTO t3 VALUES (1, 'x', '{1,5}'), (2, 'z', '{2}');
SELECT 1 FROM t3, unnest(t3.arr) AS u(v) WHERE t3.s IN (SELECT u.b FROM t1 u WHERE u.a = u.v);
SELECT (SELECT u.v FROM t1 u LIMIT 1) FROM t3, unnest(t3.arr) AS u(v);
SELECT t3.id, (SELECT count(*) FROM t1 x WHERE x.a = u.v) FROM t3, unnest(t3.arr) AS u(v) ORDER BY 1, 2;
SELECT (SELECT x.zz FROM t1 x LIMIT 1) FROM t3 x;
