-- A strict operator with a NULL constant operand is NULL and so is the
-- expression holding it, its other operands never computed: no division
-- by zero from a row where a = 0 (PostgreSQL's eval_const_expressions).
CREATE TABLE t (id int PRIMARY KEY, a int, d date);
INSERT INTO t VALUES (1, 10, '2024-01-01'), (2, 0, NULL), (3, NULL, '2023-12-31');
SELECT id, (NULL::date - d) * (30 % a), (NULL::int + a) / (a - a), ((NULL::numeric * a) + 1) / 0 FROM t ORDER BY id;
SELECT id FROM t WHERE (NULL::int - a) / a > 0 OR id = 2 ORDER BY id;
SELECT id FROM t WHERE a = NULL;
SELECT id, 30 % a FROM t ORDER BY id;
