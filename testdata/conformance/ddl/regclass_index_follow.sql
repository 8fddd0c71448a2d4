-- conformance: context
-- Regclass constants in index expressions and partial-index predicates
-- are bound to the relation (by OID in PostgreSQL): RENAME and SET
-- SCHEMA of it show in pg_get_indexdef, DROP is refused while they name
-- it and CASCADE drops the index.

CREATE FUNCTION rc_oid(r regclass) RETURNS oid LANGUAGE sql IMMUTABLE AS $$ SELECT r::oid $$;
CREATE TABLE a (id int);
CREATE TABLE t (id int, x regclass);
CREATE INDEX t_expr ON t ((rc_oid('a'::regclass)), id);
CREATE INDEX t_part ON t (id) WHERE x <> 'a'::regclass;
INSERT INTO t VALUES (1, 't'), (2, 'a');
SELECT pg_get_indexdef('t_expr'::regclass);
SELECT pg_get_indexdef('t_part'::regclass);
ALTER TABLE a RENAME TO a2;
SELECT pg_get_indexdef('t_expr'::regclass);
SELECT pg_get_indexdef('t_part'::regclass);
SELECT indexrelid::regclass, pg_get_expr(indexprs, indrelid), pg_get_expr(indpred, indrelid) FROM pg_index WHERE indrelid = 't'::regclass ORDER BY 1::text;
INSERT INTO t VALUES (3, 't');
SELECT id FROM t ORDER BY id;

-- moved to another schema, off the search path
CREATE SCHEMA s;
ALTER TABLE a2 SET SCHEMA s;
SELECT pg_get_indexdef('t_expr'::regclass);
SELECT pg_get_indexdef('t_part'::regclass);
ALTER TABLE s.a2 RENAME TO a3;
SELECT pg_get_indexdef('t_part'::regclass);
INSERT INTO t VALUES (4, 't');

-- DROP is refused while an index names the relation; CASCADE drops them
DROP TABLE s.a3;
DROP TABLE s.a3 CASCADE;
SELECT indexrelid::regclass FROM pg_index WHERE indrelid = 't'::regclass;
INSERT INTO t VALUES (5, 't');
SELECT id FROM t ORDER BY id;

-- a sequence and a view named in index expressions
CREATE SEQUENCE sq;
CREATE VIEW vw AS SELECT 1 AS one;
CREATE TABLE u (id int, r regclass);
CREATE INDEX u_seq ON u (id) WHERE r = 'sq'::regclass;
CREATE UNIQUE INDEX u_view ON u (id, (rc_oid('vw'::regclass)));
ALTER SEQUENCE sq RENAME TO sq2;
ALTER VIEW vw RENAME TO vw2;
SELECT pg_get_indexdef('u_seq'::regclass);
SELECT pg_get_indexdef('u_view'::regclass);
DROP SEQUENCE sq2;
DROP VIEW vw2;
DROP SEQUENCE sq2 CASCADE;
DROP VIEW vw2 CASCADE;
SELECT count(*) FROM pg_index WHERE indrelid = 'u'::regclass;

-- an index naming its own table goes with it
CREATE TABLE own (id int, r regclass);
CREATE INDEX own_r ON own (id) WHERE r <> 'own'::regclass;
ALTER TABLE own RENAME TO own2;
SELECT pg_get_indexdef('own_r'::regclass);
DROP TABLE own2;
