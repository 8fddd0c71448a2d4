-- pg_index describes each key column's ordering (indoption: 1 DESC,
-- 2 NULLS FIRST; DESC alone is DESC NULLS FIRST), operator class
-- (indclass: the access method's default for the type unless one is
-- named) and collation (indcollation), for key columns only; indkey and
-- indnatts count INCLUDE columns too, indnkeyatts does not.
-- pg_get_indexdef prints the COLLATE, operator class, ordering and
-- INCLUDE list back; with a column number it prints that column alone.
CREATE TABLE t (
  id int PRIMARY KEY,
  a int,
  b text,
  c text,
  d timestamptz,
  tags text[],
  doc tsvector,
  r int4range
);
CREATE INDEX t_asc ON t (a);
CREATE INDEX t_desc ON t (a DESC);
CREATE INDEX t_desc_nl ON t (a DESC NULLS LAST);
CREATE INDEX t_asc_nf ON t (a NULLS FIRST);
CREATE INDEX t_asc_nl ON t (a ASC NULLS LAST);
CREATE INDEX t_desc_nf ON t (a DESC NULLS FIRST);
CREATE INDEX t_multi ON t (a, b DESC, d NULLS FIRST);
CREATE INDEX t_expr ON t (lower(b) DESC, a);
CREATE INDEX t_partial ON t (d DESC) WHERE a > 0;
CREATE INDEX t_gin_arr ON t USING gin (tags);
CREATE INDEX t_gin_doc ON t USING gin (doc);
CREATE INDEX t_gist ON t USING gist (r);
CREATE INDEX t_hash ON t USING hash (b);
CREATE INDEX t_brin ON t USING brin (d);
CREATE INDEX t_pattern ON t (b text_pattern_ops);
CREATE INDEX t_pattern_desc ON t (c text_pattern_ops DESC);
CREATE INDEX t_coll ON t (b COLLATE "C");
CREATE INDEX t_coll_posix ON t (c COLLATE "POSIX" DESC, b);
CREATE INDEX t_coll_default ON t (c COLLATE "default");
CREATE INDEX t_incl ON t (a) INCLUDE (b, d);
CREATE UNIQUE INDEX t_uincl ON t (a, c) INCLUDE (b);
CREATE INDEX t_incl_where ON t (d) INCLUDE (c) WHERE a IS NOT NULL;
CREATE INDEX t_incl_coll ON t (b COLLATE "C" DESC) INCLUDE (a);
SELECT i.indexrelid::regclass::text AS index, i.indnatts, i.indnkeyatts, i.indkey::text,
       i.indoption::text, i.indclass::text, i.indcollation::text
  FROM pg_index i
 WHERE i.indrelid = 't'::regclass
 ORDER BY 1;
SELECT i.indexrelid::regclass::text AS index, k.n, opc.opcname, am.amname, co.collname, i.indoption[k.n - 1] AS opt
  FROM pg_index i
  CROSS JOIN generate_series(1, 3) AS k(n)
  LEFT JOIN pg_opclass opc ON opc.oid = i.indclass[k.n - 1]
  LEFT JOIN pg_am am ON am.oid = opc.opcmethod
  LEFT JOIN pg_collation co ON co.oid = i.indcollation[k.n - 1]
 WHERE i.indrelid = 't'::regclass AND k.n <= i.indnkeyatts
 ORDER BY 1, 2;
SELECT indexrelid::regclass::text AS index, pg_get_indexdef(indexrelid)
  FROM pg_index WHERE indrelid = 't'::regclass ORDER BY 1;
SELECT indexrelid::regclass::text AS index, k.n, pg_get_indexdef(indexrelid, k.n, true)
  FROM pg_index CROSS JOIN generate_series(1, 3) AS k(n)
 WHERE indrelid = 't'::regclass ORDER BY 1, 2;
SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 't' ORDER BY 1;
SELECT a.attrelid::regclass::text AS rel, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod) AS type, co.collname
  FROM pg_attribute a LEFT JOIN pg_collation co ON co.oid = a.attcollation
 WHERE a.attrelid IN ('t_incl'::regclass, 't_uincl'::regclass, 't_incl_coll'::regclass, 't_coll'::regclass)
 ORDER BY 1, 2;
INSERT INTO t (id, a, c, b) VALUES (1, 1, 'x', 'p');
INSERT INTO t (id, a, c, b) VALUES (2, 1, 'x', 'q');
INSERT INTO t (id, a, c, b) VALUES (3, 1, 'y', 'p');
SELECT count(*) FROM t;
ALTER TABLE t RENAME COLUMN d TO d2;
SELECT pg_get_indexdef('t_incl'::regclass);
ALTER TABLE t DROP COLUMN d2;
SELECT indexname FROM pg_indexes WHERE tablename = 't' AND indexname LIKE 't_incl%' ORDER BY 1;
CREATE INDEX t_bad ON t (a) INCLUDE (nope);
CREATE INDEX t_bad ON t (a) INCLUDE ((a + 1));
CREATE INDEX t_bad ON t (a) INCLUDE (b DESC);
CREATE INDEX t_bad ON t (b COLLATE "nope");
CREATE INDEX t_bad ON t (a COLLATE "C");
CREATE INDEX t_bad ON t (b) INCLUDE (c COLLATE "C");
CREATE INDEX t_bad ON t (b) INCLUDE (c text_pattern_ops);
CREATE TABLE u (a int, b text, c text, CONSTRAINT u_ab UNIQUE (a) INCLUDE (b));
ALTER TABLE u ADD CONSTRAINT u_pk PRIMARY KEY (a) INCLUDE (c);
ALTER TABLE u ADD CONSTRAINT u_b UNIQUE (b) INCLUDE (a, c);
SELECT i.indexrelid::regclass::text AS index, i.indnatts, i.indnkeyatts, i.indkey::text, i.indisprimary, i.indisunique,
       pg_get_indexdef(i.indexrelid)
  FROM pg_index i WHERE i.indrelid = 'u'::regclass ORDER BY 1;
SELECT conname, contype, conkey::text, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'u'::regclass ORDER BY 1;
INSERT INTO u VALUES (1, 'x', 'y');
INSERT INTO u VALUES (2, 'x', 'z');
INSERT INTO u VALUES (1, 'z', 'y');
CREATE TABLE w (a int, b text, c text, UNIQUE (a) INCLUDE (b), UNIQUE (a) INCLUDE (c), UNIQUE (a));
ALTER TABLE w ADD UNIQUE (b) INCLUDE (c);
CREATE INDEX ON w (c) INCLUDE (a, b);
CREATE INDEX ON w (b DESC) INCLUDE (c);
SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'w' ORDER BY 1;
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'w'::regclass ORDER BY 1;
CREATE TABLE m (k int, v text, n int) PARTITION BY RANGE (k);
CREATE TABLE m1 PARTITION OF m FOR VALUES FROM (0) TO (10);
CREATE INDEX ON m (v COLLATE "C" DESC) INCLUDE (n);
CREATE UNIQUE INDEX m_k_uniq ON m (k) INCLUDE (v);
CREATE TABLE m2 PARTITION OF m FOR VALUES FROM (10) TO (20);
SELECT indexrelid::regclass::text AS index, indnatts, indnkeyatts, indoption::text, pg_get_indexdef(indexrelid)
  FROM pg_index WHERE indrelid IN ('m'::regclass, 'm1'::regclass, 'm2'::regclass) ORDER BY 1;
CREATE TABLE x (a int NOT NULL, b text);
CREATE UNIQUE INDEX x_a_incl ON x (a) INCLUDE (b);
ALTER TABLE x ADD CONSTRAINT x_a_uniq UNIQUE USING INDEX x_a_incl;
CREATE UNIQUE INDEX x_pk_incl ON x (a) INCLUDE (b);
ALTER TABLE x ADD CONSTRAINT x_pk PRIMARY KEY USING INDEX x_pk_incl;
SELECT conname, contype, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'x'::regclass ORDER BY 1;
SELECT indexrelid::regclass::text AS index, indnatts, indnkeyatts, pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = 'x'::regclass ORDER BY 1;
