-- a materialized view is relkind m in pg_class (access method heap, replica identity default); pg_get_viewdef prints its query
CREATE TABLE t(a int);
CREATE MATERIALIZED VIEW mv AS SELECT a FROM t;
SELECT relname, relkind, relam, relreplident, relhasindex FROM pg_class WHERE relname IN ('t','mv') ORDER BY 1;
SELECT pg_get_viewdef('mv'::regclass, true);
