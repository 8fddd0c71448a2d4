-- pg_index.indclass names each key column's operator class, an
-- extension's too: the one named, else the access method's default for
-- the key type (btree_gin's int4_ops for gin on integer, btree_gist's
-- gist_int4_ops, citext's citext_ops, intarray's gist__int_ops).
CREATE EXTENSION pg_trgm;
CREATE EXTENSION btree_gin;
CREATE EXTENSION btree_gist;
CREATE EXTENSION citext;
CREATE EXTENSION intarray;
CREATE TABLE d (id int PRIMARY KEY, body text, email citext, arr int[], room int, during tstzrange);
CREATE INDEX d_trgm ON d USING gin (body gin_trgm_ops);
CREATE INDEX d_trgm_gist ON d USING gist (body gist_trgm_ops);
CREATE INDEX d_gin_id ON d USING gin (id, body gin_trgm_ops);
CREATE INDEX d_gist_room ON d USING gist (room, during);
CREATE INDEX d_email ON d (email DESC);
CREATE INDEX d_email_trgm ON d USING gin (email gin_trgm_ops);
CREATE INDEX d_arr ON d USING gist (arr);
CREATE INDEX d_arr_gin ON d USING gin (arr gin__int_ops);
SELECT i.indexrelid::regclass::text AS idx, k.n, opc.opcname, am.amname, opc.opcdefault, i.indoption[k.n - 1] AS opt
  FROM pg_index i
  CROSS JOIN generate_series(1, 2) AS k(n)
  LEFT JOIN pg_opclass opc ON opc.oid = i.indclass[k.n - 1]
  LEFT JOIN pg_am am ON am.oid = opc.opcmethod
 WHERE i.indrelid = 'd'::regclass AND k.n <= i.indnkeyatts
 ORDER BY 1, 2;
SELECT indexrelid::regclass::text AS idx, pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = 'd'::regclass ORDER BY 1;
