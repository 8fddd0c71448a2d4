-- WITH and WITH RECURSIVE
CREATE TABLE categories (id int PRIMARY KEY, parent_id int REFERENCES categories, name text NOT NULL);
INSERT INTO categories VALUES (1, NULL, 'root'), (2, 1, 'books'), (3, 1, 'music'), (4, 2, 'sci-fi'), (5, 4, 'space opera'), (6, 3, 'jazz');
WITH top AS (SELECT id, name FROM categories WHERE parent_id = 1) SELECT name FROM top ORDER BY name;
WITH a AS (SELECT 1 AS x), b AS (SELECT x + 1 AS y FROM a) SELECT x, y FROM a, b;
WITH RECURSIVE tree AS (SELECT id, name, 0 AS depth, name::text AS path FROM categories WHERE parent_id IS NULL UNION ALL SELECT c.id, c.name, t.depth + 1, t.path || ' > ' || c.name FROM categories c JOIN tree t ON c.parent_id = t.id) SELECT depth, path FROM tree ORDER BY path;
WITH RECURSIVE ancestors AS (SELECT id, parent_id, name FROM categories WHERE id = 5 UNION ALL SELECT c.id, c.parent_id, c.name FROM categories c JOIN ancestors a ON c.id = a.parent_id) SELECT string_agg(name, ' < ' ORDER BY id DESC) FROM ancestors;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT sum(i), max(i) FROM n;
WITH RECURSIVE fib(a, b) AS (VALUES (0::bigint, 1::bigint) UNION ALL SELECT b, a + b FROM fib WHERE b < 100) SELECT a FROM fib ORDER BY a;
WITH RECURSIVE cyc(id, seen) AS (SELECT 1, ARRAY[1] UNION SELECT (id % 3) + 1, seen || ((id % 3) + 1) FROM cyc WHERE NOT ((id % 3) + 1) = ANY (seen)) SELECT id, seen FROM cyc ORDER BY id;
WITH c AS (SELECT id FROM categories) SELECT count(*) FROM c c1 JOIN c c2 ON c1.id = c2.id;
WITH c AS MATERIALIZED (SELECT id FROM categories WHERE id < 3) SELECT id FROM c ORDER BY id;
WITH c AS NOT MATERIALIZED (SELECT id FROM categories WHERE id > 4) SELECT id FROM c ORDER BY id;
WITH x AS (SELECT 1) SELECT * FROM y;
WITH RECURSIVE bad AS (SELECT 1 UNION ALL SELECT nope FROM bad) SELECT * FROM bad;
WITH counts AS (SELECT parent_id, count(*) AS n FROM categories WHERE parent_id IS NOT NULL GROUP BY parent_id) SELECT c.name, counts.n FROM categories c JOIN counts ON counts.parent_id = c.id ORDER BY c.name;
WITH names(label) AS (SELECT name FROM categories WHERE id <= 2) SELECT label FROM names ORDER BY label;
WITH RECURSIVE dates(d) AS (SELECT '2024-02-27'::date UNION ALL SELECT d + 1 FROM dates WHERE d < '2024-03-02') SELECT d FROM dates ORDER BY d;
