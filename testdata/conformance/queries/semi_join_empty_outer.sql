-- A hash semi-join (EXISTS, IN) reads its subquery only once an outer
-- row needs it: with no outer rows a subquery that would fail is never
-- run, as PostgreSQL's hash join skips building the hash of an empty
-- outer side.
CREATE TABLE t (id int PRIMARY KEY, a int);
INSERT INTO t VALUES (1, 10), (2, 0), (3, 5);
CREATE TABLE u (id int PRIMARY KEY, x int);
INSERT INTO u VALUES (1, 1), (2, 3), (3, 7);
WITH c AS NOT MATERIALIZED (SELECT id, nullif(id, 100 / a) AS v, NULL::text AS w FROM t) SELECT c.id FROM c WHERE upper(c.w) < 'x' AND c.id IN (SELECT c2.id FROM c AS c2 WHERE c2.v IS NOT NULL) ORDER BY 1;
SELECT u.id FROM u WHERE u.x < 100 AND u.id IN (SELECT t.id FROM t WHERE t.a <> 0 AND 100 / t.a > 1) ORDER BY 1;
