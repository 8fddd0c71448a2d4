-- pg_get_viewdef of FROM clauses beyond plain relations: WITH RECURSIVE, JOIN ... USING and NATURAL JOIN, and set-returning functions (generate_series, unnest, jsonb_to_recordset with a column definition list, WITH ORDINALITY); non-pretty and pretty
CREATE TABLE nodes (id int PRIMARY KEY, parent int, name text);
CREATE TABLE node_tags (id int, tag text);
CREATE TABLE docs (id int PRIMARY KEY, body jsonb, tags text[]);
CREATE VIEW v_tree AS WITH RECURSIVE tree(id, depth) AS (SELECT id, 0 FROM nodes WHERE parent IS NULL UNION ALL SELECT n.id, t.depth + 1 FROM nodes n JOIN tree t ON n.parent = t.id) SELECT id, depth FROM tree;
CREATE VIEW v_using AS SELECT id, n.name, t.tag FROM nodes n JOIN node_tags t USING (id);
CREATE VIEW v_using_left AS SELECT id, n.name, t.tag FROM nodes n LEFT JOIN node_tags t USING (id) WHERE t.tag IS NOT NULL;
CREATE VIEW v_natural AS SELECT * FROM nodes NATURAL JOIN node_tags;
CREATE VIEW v_series AS SELECT g FROM generate_series(1, 10) g;
CREATE VIEW v_series_alias AS SELECT s.x FROM generate_series(1, 3) AS s(x);
CREATE VIEW v_unnest AS SELECT d.id, u.tag FROM docs d, unnest(d.tags) u(tag);
CREATE VIEW v_ordinality AS SELECT d.id, u.tag, u.n FROM docs d CROSS JOIN LATERAL unnest(d.tags) WITH ORDINALITY AS u(tag, n);
CREATE VIEW v_recordset AS SELECT d.id, r.a, r.b FROM docs d, jsonb_to_recordset(d.body) AS r(a int, b text);
SELECT c.relname, pg_get_viewdef(c.oid) FROM pg_class c WHERE c.relkind = 'v' AND c.relname LIKE 'v\_%' ORDER BY c.relname;
SELECT c.relname, pg_get_viewdef(c.oid, true) FROM pg_class c WHERE c.relkind = 'v' AND c.relname LIKE 'v\_%' ORDER BY c.relname;
