-- a FULL JOIN whose WHERE rejects the right side's NULLs is a right join,
-- which needs no equality, also in a set operation's branch that groups
-- by a sub-select (bench/pgfuzz seed 17)
CREATE TABLE lists (id int PRIMARY KEY, n int);
CREATE TABLE items (id int PRIMARY KEY, list_id int, x int, y text);
INSERT INTO lists VALUES (1, 10), (2, 20), (3, NULL);
INSERT INTO items VALUES (1, 1, 5, 'a'), (2, 1, 20, NULL), (3, 9, 7, 'a'), (4, NULL, 10, 'b');
SELECT EXISTS (SELECT 1 FROM items z WHERE z.x = l.n) AS k, count(*) FROM lists l FULL JOIN items i ON l.id = i.list_id OR l.n = i.x WHERE i.y = 'a' GROUP BY 1 UNION ALL SELECT NULL, count(*) FROM lists ORDER BY 1, 2;
SELECT (SELECT max(z.x) FROM items z WHERE z.x < l.n) AS k, count(*) FROM lists l FULL JOIN items i ON l.id = i.list_id OR l.n = i.x WHERE i.y IS NOT NULL GROUP BY 1 EXCEPT SELECT 5, 1 ORDER BY 1, 2;
SELECT k FROM (SELECT EXISTS (SELECT 1 FROM items z WHERE z.x = l.n) AS k FROM lists l FULL JOIN items i ON l.n < i.x WHERE i.y = 'b' GROUP BY 1 UNION SELECT false) s ORDER BY 1;
SELECT EXISTS (SELECT 1 FROM items z WHERE z.x = l.n) AS k, count(*) FROM lists l FULL JOIN items i ON l.id = i.list_id OR l.n = i.x GROUP BY 1 UNION ALL SELECT NULL, 1;
-- a NULL operand of OR in WHERE is dropped before the reduction looks
SELECT l.id, i.id FROM lists l FULL JOIN items i ON l.id = i.list_id OR l.n = i.x WHERE i.y = 'a' OR NULL::int = NULL::int ORDER BY 1, 2;
SELECT count(*) FROM lists l FULL JOIN items i ON l.id = i.list_id OR l.n = i.x WHERE (NULL::boolean OR i.y ^@ 'a') AND (i.x > 1 OR NULL);
SELECT count(*) FROM lists l FULL JOIN items i ON l.id = i.list_id OR l.n = i.x WHERE NOT (i.y IS NULL OR NULL::boolean);
SELECT count(*) FROM lists l FULL JOIN items i ON l.id = i.list_id OR l.n = i.x WHERE (i.y = 'a' OR NULL::boolean) IS TRUE;
SELECT count(*) FROM lists l FULL JOIN items i ON l.id = i.list_id OR l.n = i.x WHERE coalesce(i.y = 'a' OR NULL, false);
