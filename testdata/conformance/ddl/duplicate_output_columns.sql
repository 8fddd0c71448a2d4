-- A view, CREATE TABLE AS, a materialized view or SELECT INTO gets one
-- column per output column: two of the same name fail with 42701, however
-- the query produces them (a * over a subquery included).
CREATE VIEW v1 AS SELECT * FROM (SELECT 1 a, 2 a) t;
CREATE VIEW v2 AS SELECT 1 a, 2 a;
CREATE VIEW v3 (x, x) AS SELECT 1 a, 2 b;
CREATE VIEW v4 (x) AS SELECT 1 a, 2 x;
CREATE VIEW v5 AS SELECT 1, 2;
CREATE VIEW v6 AS SELECT t.*, u.* FROM (SELECT 1 a) t, (SELECT 2 a) u;
CREATE VIEW ok1 (x, y) AS SELECT * FROM (SELECT 1 a, 2 a) t;
SELECT * FROM ok1;
SELECT attname FROM pg_attribute WHERE attrelid = 'ok1'::regclass ORDER BY attnum;
CREATE TABLE ct1 AS SELECT * FROM (SELECT 1 a, 2 a) t;
CREATE TABLE ct2 (x, x) AS SELECT 1, 2;
CREATE TABLE ct3 AS SELECT * FROM (SELECT 1 a, 2 a) t WITH NO DATA;
CREATE TABLE ok2 (x) AS SELECT * FROM (SELECT 1 a, 2 b) t;
SELECT * FROM ok2;
CREATE MATERIALIZED VIEW mv1 AS SELECT * FROM (SELECT 1 a, 2 a) t;
CREATE MATERIALIZED VIEW mv2 AS SELECT 1 a, 2 a;
SELECT * INTO si1 FROM (SELECT 1 a, 2 a) t;
SELECT 1 a, 'x' b INTO si2;
SELECT * FROM si2;
SELECT 3 a INTO si2;
SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace ORDER BY relname;
