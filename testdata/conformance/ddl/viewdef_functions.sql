-- pg_get_viewdef of functions in FROM: the alias and column names always printed, LATERAL when the call reads the items before it, WITH ORDINALITY, a column definition list, multi-column functions; and of joins with USING / NATURAL (merged columns read from the left input, or the right one for a RIGHT JOIN)
CREATE TABLE fa (id int, k text, a int);
CREATE TABLE fb (id int, k text, b int);
CREATE TABLE fdocs (id int, tags text[], body jsonb);
CREATE VIEW vf_plain AS SELECT * FROM generate_series(1, 3);
CREATE VIEW vf_ord AS SELECT * FROM generate_series(1, 3) WITH ORDINALITY;
CREATE VIEW vf_each AS SELECT e.key, e.value FROM fdocs d, jsonb_each(d.body) e;
CREATE VIEW vf_elems AS SELECT * FROM jsonb_array_elements('[1, 2]') x;
CREATE VIEW vf_unnest_star AS SELECT * FROM fdocs d CROSS JOIN LATERAL unnest(d.tags) AS t;
CREATE VIEW vf_natural2 AS SELECT * FROM fa NATURAL JOIN fb;
CREATE VIEW vf_using2 AS SELECT * FROM fa JOIN fb USING (id, k);
CREATE VIEW vf_right AS SELECT id, a, b FROM fa RIGHT JOIN fb USING (id);
CREATE VIEW vf_natural_left AS SELECT k, a, b FROM fa NATURAL LEFT JOIN fb WHERE b > 0;
SELECT c.relname, pg_get_viewdef(c.oid) FROM pg_class c WHERE c.relkind = 'v' AND c.relname LIKE 'vf\_%' ORDER BY c.relname;
SELECT c.relname, pg_get_viewdef(c.oid, true) FROM pg_class c WHERE c.relkind = 'v' AND c.relname LIKE 'vf\_%' ORDER BY c.relname;
SELECT * FROM vf_ord ORDER BY 1;
