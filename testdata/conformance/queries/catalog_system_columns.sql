-- System columns are in pg_attribute (attnum < 0) for the relations that
-- store rows: tables, partitioned tables, materialized views, sequences,
-- foreign tables and the catalogs' tables; views, composite types and
-- indexes have none. Clients skip them with attnum > 0.
CREATE TABLE sc_r (id int PRIMARY KEY, t text);
CREATE TABLE sc_p (a int) PARTITION BY RANGE (a);
CREATE TABLE sc_p1 PARTITION OF sc_p FOR VALUES FROM (0) TO (10);
CREATE MATERIALIZED VIEW sc_m AS SELECT 1 AS x;
CREATE VIEW sc_v AS SELECT 1 AS x;
CREATE SEQUENCE sc_s;
CREATE TYPE sc_c AS (a int);
CREATE FOREIGN DATA WRAPPER sc_fdw;
CREATE SERVER sc_srv FOREIGN DATA WRAPPER sc_fdw;
CREATE FOREIGN TABLE sc_f (a int) SERVER sc_srv;
SELECT c.relname, c.relkind, a.attnum, a.attname, a.atttypid::regtype, a.attlen, a.attbyval, a.attalign,
       a.attstorage, a.attnotnull, a.attndims, a.atttypmod, a.attcacheoff, a.attcompression, a.atthasdef,
       a.atthasmissing, a.attidentity, a.attgenerated, a.attisdropped, a.attcollation, a.attacl, a.attoptions,
       a.attfdwoptions
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
 WHERE c.relname IN ('sc_r', 'sc_s') AND a.attnum < 0
 ORDER BY c.relname, a.attnum;
SELECT c.relname, c.relkind, count(*) FILTER (WHERE a.attnum < 0) AS system, count(*) FILTER (WHERE a.attnum > 0) AS user_columns,
       string_agg(a.attname, ',' ORDER BY a.attnum) FILTER (WHERE a.attnum < 0) AS names
  FROM pg_class c LEFT JOIN pg_attribute a ON a.attrelid = c.oid
 WHERE c.relname LIKE 'sc\_%'
 GROUP BY c.relname, c.relkind
 ORDER BY c.relname;
SELECT a.attnum, a.attname, a.atttypid::regtype, a.attnotnull
  FROM pg_attribute a WHERE a.attrelid = 'pg_catalog.pg_class'::regclass AND a.attnum < 0 ORDER BY a.attnum;
SELECT count(*) FROM pg_attribute WHERE attrelid = 'pg_catalog.pg_roles'::regclass AND attnum < 0;
SELECT count(*) FROM pg_attribute WHERE attrelid = 'information_schema.tables'::regclass AND attnum < 0;
-- what clients read stays as it was
SELECT column_name, ordinal_position FROM information_schema.columns WHERE table_name = 'sc_r' ORDER BY ordinal_position;
SELECT attname FROM pg_attribute WHERE attrelid = 'sc_r'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum;
SELECT pg_describe_object('pg_class'::regclass, 'sc_r'::regclass, -1);
-- cmin and cmax read as columns of type cid
INSERT INTO sc_r VALUES (1, 'a'), (2, 'b');
SELECT id, cmin, cmax, pg_typeof(cmin), pg_typeof(cmax) FROM sc_r ORDER BY id;
SELECT r.id, r.cmin = '0'::cid AS first_command FROM sc_r AS r ORDER BY r.id;
SELECT cmin FROM sc_v;
SELECT '7'::cid, '7'::cid = '7'::cid, pg_typeof('7'::cid);
SELECT typname, typlen, typbyval, typalign, typstorage, typcategory, typarray::regtype FROM pg_type WHERE oid = 'cid'::regtype;
