-- A WHERE conjunct that is a constant false or NULL (after folding:
-- x BETWEEN NULL AND 0, NULL::int > 1) makes the query empty before
-- anything else in it runs (found by bench/pgfuzz).
CREATE TABLE cf_t (id int PRIMARY KEY, a int);
CREATE TABLE cf_u (id int PRIMARY KEY, t_id int, x int);
INSERT INTO cf_t VALUES (1, 10), (2, 0), (3, NULL);
INSERT INTO cf_u VALUES (1, 1, 0), (2, 2, 5), (3, NULL, 1);

SELECT id FROM cf_t WHERE 1 / a > 0 AND NULL::int > 1;
SELECT id FROM cf_t WHERE 1 / a > 0 AND false;
SELECT id FROM cf_t WHERE (1 / a > 0 OR false) AND 1 > 2;
SELECT id FROM cf_t WHERE 1 / a BETWEEN NULL::int AND 0;
SELECT id FROM cf_t WHERE 1 / a BETWEEN 0 AND NULL::int;
SELECT cf_t.id FROM cf_t LEFT JOIN cf_u ON cf_u.t_id = cf_t.id WHERE (cf_t.id / cf_u.x) BETWEEN NULL::int AND 0;
SELECT count(*), sum(1 / a) FROM cf_t WHERE NULL::boolean;
WITH c AS MATERIALIZED (SELECT 1 / a AS v FROM cf_t) SELECT * FROM c WHERE NULL::int > 1;
SELECT * FROM (SELECT 1 / a AS v FROM cf_t OFFSET 0) c WHERE ('{}'::jsonb ->> 'n')::numeric > 1;
SELECT id FROM cf_t WHERE id IN (SELECT x FROM cf_u WHERE false) OR id = 1;
SELECT id FROM cf_t WHERE EXISTS (SELECT 1 FROM cf_u WHERE cf_u.t_id = cf_t.id AND 1 / cf_u.x > 0 AND NULL::int = 1) OR a = 10;
SELECT id FROM cf_t WHERE 1 / a > 0 ORDER BY id;
