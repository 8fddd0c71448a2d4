-- pg_get_viewdef of more query shapes: nested set operations, a table
-- read twice (refnames made unique), ORDER BY an output name, GROUP BY
-- an expression, aggregate FILTER and DISTINCT, CTE column lists,
-- sub-selects comma-joined in FROM
CREATE TABLE items (id int PRIMARY KEY, parent int, name text, price numeric, tags text[]);
CREATE VIEW v_nested AS SELECT id FROM items UNION SELECT parent FROM items EXCEPT SELECT 0;
CREATE VIEW v_union3 AS SELECT id FROM items UNION ALL SELECT parent FROM items UNION ALL SELECT 1;
CREATE VIEW v_self AS SELECT items.id, (SELECT count(*) FROM items i2 WHERE i2.parent = items.id) AS kids, (SELECT max(items.price) FROM items) AS top FROM items;
CREATE VIEW v_order_alias AS SELECT name AS label, count(*) AS n FROM items GROUP BY name ORDER BY n DESC, label;
CREATE VIEW v_group_expr AS SELECT lower(name) AS lname, sum(price) FILTER (WHERE price > 0) AS pos, count(DISTINCT parent) AS parents FROM items GROUP BY lower(name);
CREATE VIEW v_cte_cols AS WITH t(a, b) AS (SELECT id, name FROM items) SELECT t.a, t.b FROM t WHERE t.a > 1;
CREATE VIEW v_comma AS SELECT a.id, b.name FROM items a, items b WHERE a.parent = b.id;
CREATE VIEW v_window_frames AS SELECT id, avg(price) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING) AS avg3, lag(name) OVER (PARTITION BY parent ORDER BY id) AS prev FROM items;
CREATE VIEW v_any_sub AS SELECT id FROM items WHERE price > ALL (SELECT price FROM items WHERE parent IS NULL) OR id = ANY (SELECT parent FROM items);
CREATE VIEW v_array_sub AS SELECT id, ARRAY(SELECT i.name FROM items i WHERE i.parent = items.id ORDER BY i.name) AS children FROM items;
CREATE VIEW v_between AS SELECT id FROM items WHERE price BETWEEN 1 AND 10 AND name LIKE 'a%' AND tags @> ARRAY['x'];
SELECT pg_get_viewdef('v_nested'::regclass);
SELECT pg_get_viewdef('v_union3'::regclass);
SELECT pg_get_viewdef('v_self'::regclass);
SELECT pg_get_viewdef('v_order_alias'::regclass);
SELECT pg_get_viewdef('v_group_expr'::regclass);
SELECT pg_get_viewdef('v_cte_cols'::regclass);
SELECT pg_get_viewdef('v_comma'::regclass);
SELECT pg_get_viewdef('v_window_frames'::regclass);
SELECT pg_get_viewdef('v_any_sub'::regclass);
SELECT pg_get_viewdef('v_array_sub'::regclass);
SELECT pg_get_viewdef('v_between'::regclass);
SELECT pg_get_viewdef('v_nested'::regclass, true);
SELECT pg_get_viewdef('v_comma'::regclass, true);
