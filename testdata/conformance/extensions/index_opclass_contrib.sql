-- Operator classes of contrib extensions in CREATE INDEX: pg_trgm's
-- trigram classes take text (and varchar, citext binary coercibly),
-- btree_gin and btree_gist give the B-tree types GIN and GiST defaults,
-- intarray's classes take integer[] only.
CREATE TABLE d (id int PRIMARY KEY, body text, v varchar(40), arr int[], big bigint[], ts timestamptz, room int, during tstzrange);
CREATE INDEX d_trgm_before ON d USING gin (body gin_trgm_ops);
CREATE EXTENSION pg_trgm;
CREATE INDEX d_trgm ON d USING gin (body gin_trgm_ops);
CREATE INDEX d_trgm_v ON d USING gin (v gin_trgm_ops);
CREATE INDEX d_trgm_gist ON d USING gist (body gist_trgm_ops);
CREATE INDEX d_trgm_lower ON d USING gin (lower(body) gin_trgm_ops);
CREATE INDEX d_trgm_id ON d USING gin (id gin_trgm_ops);
CREATE INDEX d_trgm_btree ON d (body gin_trgm_ops);
CREATE INDEX d_trgm_gist_id ON d USING gist (id gist_trgm_ops);
CREATE INDEX d_gin_id ON d USING gin (id);
CREATE INDEX d_gist_room ON d USING gist (room);
CREATE EXTENSION btree_gin;
CREATE INDEX d_gin_id ON d USING gin (id);
CREATE INDEX d_gin_body ON d USING gin (body);
CREATE INDEX d_gin_ts ON d USING gin (ts timestamptz_ops);
CREATE INDEX d_gin_id_text ON d USING gin (id text_ops);
CREATE INDEX d_gin_multi ON d USING gin (id, body gin_trgm_ops);
CREATE EXTENSION btree_gist;
CREATE INDEX d_gist_room ON d USING gist (room);
CREATE INDEX d_gist_room_during ON d USING gist (room, during);
CREATE INDEX d_gist_room_int8 ON d USING gist (room gist_int8_ops);
CREATE INDEX d_gist_ts ON d USING gist (ts gist_timestamptz_ops);
CREATE EXTENSION intarray;
CREATE INDEX d_int_gist ON d USING gist (arr);
CREATE INDEX d_int_gist_big ON d USING gist (arr gist__intbig_ops);
CREATE INDEX d_int_gin ON d USING gin (arr gin__int_ops);
CREATE INDEX d_int_gin_bigint ON d USING gin (big gin__int_ops);
CREATE INDEX d_int_gist_body ON d USING gist (body gist__int_ops);
CREATE EXTENSION citext;
CREATE TABLE u (id int PRIMARY KEY, email citext);
CREATE INDEX u_email ON u (email);
CREATE INDEX u_email_text ON u (email text_ops);
CREATE INDEX u_email_pattern ON u (email text_pattern_ops);
CREATE INDEX u_email_citext_pattern ON u (email citext_pattern_ops);
CREATE INDEX u_email_trgm ON u USING gin (email gin_trgm_ops);
CREATE INDEX u_id_citext ON u (id citext_ops);
SELECT indexrelid::regclass::text AS idx, pg_get_indexdef(indexrelid) FROM pg_index
WHERE indrelid IN ('d'::regclass, 'u'::regclass) ORDER BY 1;
SELECT c.opcname, am.amname, c.opcintype::regtype::text AS intype, c.opcdefault FROM pg_opclass c
JOIN pg_am am ON am.oid = c.opcmethod
WHERE c.opcname IN ('gin_trgm_ops', 'gist_trgm_ops', 'gist__int_ops', 'gin__int_ops', 'gist_int4_ops', 'gist_enum_ops')
   OR (am.amname = 'gin' AND c.opcname IN ('int4_ops', 'enum_ops', 'text_ops'))
ORDER BY 1, 2;
SELECT castsource::regtype::text AS source, casttarget::regtype::text AS target, castmethod, castcontext FROM pg_cast
WHERE castsource = 'citext'::regtype AND castmethod = 'b' ORDER BY 2;
