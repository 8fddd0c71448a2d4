-- An index column of a contrib operator class is typed as the class
-- stores it (pg_opclass.opckeytype): pg_trgm's GIN class keeps int4
-- trigrams, intarray's GIN class int4 elements, hstore's GIN class text;
-- btree_gin's classes store the key itself.
CREATE EXTENSION pg_trgm;
CREATE EXTENSION intarray;
CREATE EXTENSION hstore;
CREATE EXTENSION btree_gin;
CREATE TABLE docs (id int PRIMARY KEY, body text, code varchar(20), nums int[], attrs hstore, n int);
CREATE INDEX docs_trgm ON docs USING gin (body gin_trgm_ops);
CREATE INDEX docs_trgm_code ON docs USING gin (code gin_trgm_ops);
CREATE INDEX docs_trgm_lower ON docs USING gin (lower(body) gin_trgm_ops);
CREATE INDEX docs_nums ON docs USING gin (nums gin__int_ops);
CREATE INDEX docs_attrs ON docs USING gin (attrs);
CREATE INDEX docs_n ON docs USING gin (n);
SELECT a.attrelid::regclass::text AS rel, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod) AS type,
       a.attnotnull, a.attlen, a.attbyval, a.attalign, a.attstorage, a.attndims, co.collname
  FROM pg_attribute a LEFT JOIN pg_collation co ON co.oid = a.attcollation
 WHERE a.attnum > 0 AND a.attrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'i')
 ORDER BY 1, 2;
SELECT c.opcname, format_type(c.opckeytype, NULL) FROM pg_opclass c JOIN pg_am m ON m.oid = c.opcmethod
 WHERE (m.amname, c.opcname) IN (('gin', 'gin_trgm_ops'), ('gin', 'gin__int_ops'), ('gin', 'gin_hstore_ops'), ('gin', 'int4_ops'))
 ORDER BY 1;
