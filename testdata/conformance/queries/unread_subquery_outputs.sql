-- A FROM subquery's or inlined CTE's computed column that nothing reads
-- is never evaluated (its errors are still found when the query is
-- analysed); a MATERIALIZED CTE, or one read twice, computes every
-- column (found by bench/pgfuzz).
CREATE TABLE uo_t (id int PRIMARY KEY, a int, b text, e date);
INSERT INTO uo_t VALUES (1, 10, 'x', '2024-01-01'), (2, 0, NULL, NULL), (3, NULL, 'y', '2023-12-31');

WITH c AS (SELECT id, 0 / a AS w, e FROM uo_t) SELECT c.e FROM c ORDER BY c.id;
WITH c AS NOT MATERIALIZED (SELECT id, concat(b, '-', 10 / a) AS w, e FROM uo_t) SELECT id, e FROM c ORDER BY id;
WITH c AS MATERIALIZED (SELECT id, 0 / a AS w, e FROM uo_t) SELECT c.e FROM c;
WITH c AS (SELECT id, 0 / a AS w FROM uo_t) SELECT c.id FROM c JOIN c c2 ON c.id = c2.id;
SELECT s.e FROM (SELECT id, 0 / a AS w, e FROM uo_t) s ORDER BY s.id;
SELECT count(*) FROM (SELECT id, 0 / a AS w, e FROM uo_t) s;
SELECT count(*) FROM (SELECT id, 0 / a AS w FROM uo_t WHERE id > 0 ORDER BY w) s;
SELECT s.e FROM (SELECT DISTINCT id, 0 / a AS w, e FROM uo_t) s;
SELECT w FROM (SELECT id, 0 / a AS w, e FROM uo_t) s;
SELECT s FROM (SELECT id, 0 / a AS w FROM uo_t) s;
SELECT * FROM (SELECT id, 0 / a AS w FROM uo_t) s;
SELECT s.e FROM (SELECT id, nosuch AS w, e FROM uo_t) s;
SELECT s.e FROM (SELECT id, 'x' + 1 AS w, e FROM uo_t) s;
WITH c AS (SELECT id, 0 / a AS w FROM uo_t) SELECT count(*) FROM c WHERE EXISTS (SELECT 1 FROM uo_t u WHERE u.id = c.id);
WITH c AS NOT MATERIALIZED (SELECT id, 10 / a AS v, lower(b) AS w FROM uo_t) SELECT DISTINCT ON (c.w) c.w FROM c ORDER BY c.w, c.id;
SELECT c.w FROM (SELECT id, 10 / a AS v, lower(b) AS w FROM uo_t) c ORDER BY c.w FETCH FIRST 2 ROWS WITH TIES;
