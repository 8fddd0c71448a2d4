-- A condition on a FROM subquery's or CTE's columns drops rows before
-- the subquery's other columns are computed for them (PostgreSQL pulls
-- the subquery up or pushes the condition into it) (found by
-- bench/pgfuzz).
CREATE TABLE sf_t (id int PRIMARY KEY, a int, b text, e date);
INSERT INTO sf_t VALUES (1, 10, 'apple', '2024-01-01'), (2, 0, 'fig', NULL), (3, NULL, 'cherry', '2023-12-31'), (4, 5, NULL, '2024-02-29');

WITH c AS (SELECT id, 1 / a AS v, b FROM sf_t) SELECT v FROM c WHERE b = 'apple';
SELECT v FROM (SELECT id, 1 / a AS v, b FROM sf_t) c WHERE b LIKE '%e%' ORDER BY id;
SELECT id, v FROM (SELECT id, 10 / a AS v, upper(b) AS w FROM sf_t) c WHERE w > 'B' ORDER BY id;
SELECT id, v, row_number() OVER (ORDER BY id) FROM (SELECT id, 10 / a AS v, b FROM sf_t WHERE e IS NOT NULL) c WHERE b <> 'zzz' ORDER BY id;
SELECT c.id FROM (SELECT id, b AS w FROM sf_t WHERE b LIKE '%e%') c WHERE c.id > 1 ORDER BY 1;
SELECT c.id, c.w FROM (SELECT id, upper(b) AS w FROM sf_t WHERE b LIKE '%e%') c WHERE c.w > 'B' ORDER BY 1;
SELECT v FROM (SELECT id, 1 / a AS v, b FROM sf_t) c WHERE v > 0;
SELECT v FROM (SELECT id, 10 / nullif(a, 0) AS v FROM sf_t) c WHERE v >= 0 ORDER BY 1;
WITH c AS (SELECT id, 10 / a AS v FROM sf_t) SELECT count(*) FROM c WHERE c.id IN (SELECT id FROM sf_t WHERE a > 0);
SELECT id FROM (SELECT id, random() AS r, 10 / a AS v FROM sf_t WHERE a <> 0) c WHERE r >= 0 ORDER BY id;
WITH c AS (SELECT id, (SELECT max(a) FROM sf_t) AS v, b AS w FROM sf_t) SELECT DISTINCT ON (c.w) c.w FROM c WHERE c.v IS NULL ORDER BY c.w, c.id;
WITH c AS (SELECT id, (SELECT max(a) FROM sf_t) AS v, b AS w FROM sf_t) SELECT c.w FROM c WHERE c.v = 10 AND c.id < 3 ORDER BY 1;
WITH c AS (SELECT id, 10 / a AS v, b AS w FROM sf_t) SELECT DISTINCT ON (c.w) c.w, c.v FROM c WHERE c.id = 1 ORDER BY c.w, c.id;
