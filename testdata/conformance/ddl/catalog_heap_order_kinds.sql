-- conformance: ordered
-- pg_class lists every kind of relation in creation order, as
-- PostgreSQL's heap appends rows: a serial or identity column's sequence
-- before its table, the table's indexes after it, then views, composite
-- types, sequences and materialized views as created. GRANT / REVOKE,
-- row level security flags and an owner change (the table's indexes and
-- owned sequences with it) update the row, which moves it to the end;
-- ALTER ... OWNER TO the same owner and COMMENT do not.

CREATE TABLE t1 (id serial PRIMARY KEY, name text);
CREATE INDEX t1_name ON t1 (name);
CREATE VIEW v1 AS SELECT 1 AS x;
CREATE TYPE comp AS (a int, b text);
CREATE SEQUENCE s1;
CREATE TABLE t2 (id bigint GENERATED ALWAYS AS IDENTITY, u text UNIQUE);
CREATE MATERIALIZED VIEW mv AS SELECT 1 AS y;
CREATE TABLE t3 (id int);
SELECT relname, relkind FROM pg_class WHERE relnamespace = 'public'::regnamespace;
GRANT SELECT ON t1 TO PUBLIC;
SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace;
ALTER TABLE t2 ENABLE ROW LEVEL SECURITY;
SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace;
GRANT SELECT ON v1 TO PUBLIC;
SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace;
GRANT USAGE ON SEQUENCE s1 TO PUBLIC;
REVOKE SELECT ON t1 FROM PUBLIC;
SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace;
ALTER TABLE t3 FORCE ROW LEVEL SECURITY;
COMMENT ON TABLE t2 IS 'x';
ALTER TABLE t1 OWNER TO postgres;
SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace;
CREATE ROLE rls_t_heap_order;
ALTER TABLE t1 OWNER TO rls_t_heap_order;
SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace;
ALTER TABLE t1 OWNER TO postgres;
DROP ROLE rls_t_heap_order;
