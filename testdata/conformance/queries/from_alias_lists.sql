-- column alias lists on FROM items: tables, views, WITH queries and subqueries, with fewer or more names than columns
CREATE TABLE authors (id int PRIMARY KEY, name text NOT NULL, born int);
INSERT INTO authors VALUES (1, 'ann', 1970), (2, 'bob', 1980), (3, 'cy', NULL);
CREATE VIEW author_names AS SELECT id, name FROM authors;
SELECT * FROM authors AS t (author_id, author_name) ORDER BY author_id;
SELECT t.author_id, author_name, t.born FROM authors t (author_id, author_name) WHERE t.author_id > 1 ORDER BY 1;
SELECT t.id FROM authors AS t (author_id);
SELECT * FROM authors AS t (a, b, c, d);
SELECT * FROM author_names AS v (k, label) ORDER BY k;
WITH w AS (SELECT id, name FROM authors WHERE born IS NOT NULL) SELECT x.n FROM w AS x (i, n) ORDER BY x.i;
SELECT * FROM (SELECT 1 AS x, 2 AS y) s (a);
SELECT s.a, s.y FROM (SELECT 1 AS x, 2 AS y) s (a);
SELECT * FROM (SELECT 1, 2) s (a, b, c);
SELECT a.author_id, b.name FROM authors a (author_id) JOIN authors b ON b.id = a.author_id + 1 ORDER BY 1;
SELECT count(*) FROM authors a (k) WHERE EXISTS (SELECT 1 FROM authors b (k2) WHERE b.k2 = a.k AND b.born > 1975);
SELECT t.* FROM (SELECT id, name FROM authors) t (i) ORDER BY t.i;
SELECT row_to_json(t) FROM authors t (i, n, b) WHERE t.i = 1;
SELECT to_jsonb(x) FROM author_names AS x (k) WHERE x.k = 2;
SELECT to_jsonb(s) FROM (SELECT id, name FROM authors) s (k) WHERE s.k = 2;
