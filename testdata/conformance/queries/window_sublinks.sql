-- Subqueries beside window functions: a correlated subquery in the SELECT list or ORDER BY of a query with window functions reads the current row (the windows are computed over the same rows); window calls inside an aggregate's arguments are refused (42803).
CREATE TABLE ws (id int PRIMARY KEY, grp int NOT NULL, v int);
CREATE TABLE ws_tags (ws_id int, tag text);
INSERT INTO ws VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30), (4, 3, NULL);
INSERT INTO ws_tags VALUES (1, 'a'), (1, 'b'), (3, 'c');
SELECT id, (SELECT count(*) FROM ws q WHERE q.grp = ws.grp) AS n, rank() OVER (ORDER BY id) FROM ws ORDER BY id;
SELECT (SELECT ws.id + 1) AS s, row_number() OVER (ORDER BY id DESC) FROM ws ORDER BY 1;
SELECT id, (SELECT string_agg(tag, ',' ORDER BY tag) FROM ws_tags t WHERE t.ws_id = ws.id) AS tags, sum(v) OVER (PARTITION BY grp) AS total FROM ws ORDER BY id;
SELECT id, EXISTS (SELECT 1 FROM ws_tags t WHERE t.ws_id = ws.id) AS tagged, count(*) OVER (PARTITION BY grp ORDER BY id) FROM ws ORDER BY id;
SELECT id, rank() OVER (ORDER BY id) FROM ws ORDER BY (SELECT count(*) FROM ws q WHERE q.grp = ws.grp), id;
SELECT id, (SELECT max(x) FROM unnest(ARRAY[ws.id, 2]) AS x) AS m, lag(id) OVER w, lead(v) OVER w FROM ws WINDOW w AS (PARTITION BY grp ORDER BY id) ORDER BY id;
SELECT w.id, (SELECT count(*) FROM ws_tags t WHERE t.ws_id = w.id) * 10 + row_number() OVER (ORDER BY w.v DESC NULLS LAST) AS score FROM ws w ORDER BY score;
SELECT DISTINCT grp, (SELECT min(q.id) FROM ws q WHERE q.grp = ws.grp) AS first, count(*) OVER (PARTITION BY grp) AS n FROM ws ORDER BY grp;
SELECT id, (SELECT count(*) FROM ws_tags t WHERE t.ws_id = ws.id) AS n, rank() OVER (ORDER BY (SELECT count(*) FROM ws_tags t WHERE t.ws_id = ws.id) DESC, id) FROM ws ORDER BY id LIMIT 3;
SELECT ws.*, (SELECT count(*) FROM ws_tags t WHERE t.ws_id = ws.id) AS n, percent_rank() OVER (ORDER BY id) FROM ws ORDER BY id;
SELECT sum(row_number() OVER (ORDER BY id)) FROM ws;
SELECT count(*) OVER (), max(rank() OVER (ORDER BY id)) FROM ws;
SELECT grp, sum(v) FILTER (WHERE lag(v) OVER () > 0) FROM ws GROUP BY grp;
