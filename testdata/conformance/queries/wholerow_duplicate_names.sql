-- A whole row over a subquery with two output columns of one name has
-- both, in order (PostgREST names an embed like a column it also selects).
CREATE TABLE dc_coll (id int PRIMARY KEY, descr text, parent_id int REFERENCES dc_coll(id));
INSERT INTO dc_coll VALUES (1, 'root', NULL), (2, 'child', 1);
SELECT row_to_json(t) FROM (SELECT 1 AS a, 2 AS a) t;
SELECT json_agg(t) FROM (SELECT 1 AS a, 2 AS a) t;
SELECT to_jsonb(t) FROM (SELECT 1 AS a, 2 AS a) t;
SELECT t FROM (SELECT 1 AS a, 2 AS a) t;
SELECT t.* FROM (SELECT 1 AS a, 2 AS a) t;
SELECT * FROM (SELECT 1 AS a, 2 AS a, 3 AS b, 4 AS a) t;
SELECT json_agg(x ORDER BY x.id) FROM (SELECT c.*, (SELECT row_to_json(p) FROM (SELECT p1.* FROM dc_coll p1 WHERE p1.id = c.parent_id) p) AS parent_id FROM dc_coll c) x;
SELECT row_to_json(x) FROM (SELECT c.id, c.descr AS id, upper(c.descr) AS upper, lower(c.descr) AS upper FROM dc_coll c WHERE c.id = 2) x;
SELECT row_to_json(x) FROM (SELECT 1 AS a, 2 AS "A", 3 AS a) x;
SELECT (t).a FROM (SELECT 1 AS a, 2 AS a) t;
