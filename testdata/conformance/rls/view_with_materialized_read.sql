-- a view whose query has a WITH query PostgreSQL materializes, read by a
-- role it is secured for (security_invoker, row security): the WITH query
-- runs once, over the rows the role may see
CREATE TABLE t (x int);
INSERT INTO t VALUES (1), (2), (0);
ALTER TABLE t ENABLE ROW LEVEL SECURITY;
CREATE POLICY p ON t FOR SELECT USING (x <> 2);
CREATE ROLE rls_t_viewer;
GRANT SELECT ON t TO rls_t_viewer;
CREATE VIEW v1 AS WITH c AS MATERIALIZED (SELECT random() AS r) SELECT (SELECT r FROM c) = (SELECT r FROM c) AS same;
CREATE VIEW v14 AS WITH c AS (SELECT x, random() AS r FROM t) SELECT count(*) FROM c a JOIN c b ON a.r = b.r;
ALTER VIEW v14 SET (security_invoker = true);
CREATE VIEW v15 AS WITH c AS MATERIALIZED (SELECT x, 10 / x AS y FROM t) SELECT x FROM c;
ALTER VIEW v15 SET (security_invoker = true);
CREATE VIEW v16 AS WITH c AS MATERIALIZED (SELECT x, 10 / nullif(x, 0) AS y FROM t) SELECT a.x, a.y FROM c a JOIN c b ON a.x = b.x;
ALTER VIEW v16 SET (security_invoker = true);
CREATE FUNCTION h() RETURNS bigint LANGUAGE sql AS $$ SELECT count FROM v14 $$;
GRANT SELECT ON v1, v14, v15, v16 TO rls_t_viewer;
SELECT * FROM v14;
SET ROLE rls_t_viewer;
SELECT * FROM v14;
SELECT * FROM v15;
SELECT * FROM v16;
SELECT * FROM v1;
SELECT h();
SELECT (SELECT count FROM v14) + h();
RESET ROLE;
