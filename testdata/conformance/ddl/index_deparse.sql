-- pg_indexes.indexdef and pg_get_indexdef of expression and partial indexes: a function key bare, other expressions parenthesized, the predicate analyzed
CREATE TABLE ixd (id int PRIMARY KEY, email text, a int, b int, status text, deleted_at timestamptz, "Mixed" text, n numeric);
CREATE INDEX ixd_lower ON ixd (lower(email));
CREATE INDEX ixd_sum ON ixd ((a + b));
CREATE INDEX ixd_live ON ixd (email) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX ixd_status ON ixd (a) WHERE status = 'x';
CREATE INDEX ixd_multi ON ixd (a, lower(email), b) WHERE a > 0 AND b < 10;
CREATE INDEX ixd_quoted ON ixd ("Mixed", upper("Mixed"));
CREATE INDEX ixd_num ON ixd ((n * 2)) WHERE n > 1;
CREATE INDEX ixd_coalesce ON ixd (coalesce(status, 'none'));
SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'ixd' ORDER BY indexname;
SELECT pg_get_indexdef('ixd_multi'::regclass), pg_get_indexdef('ixd_status'::regclass);
DROP TABLE ixd;
