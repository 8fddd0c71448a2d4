-- Regtype constants in stored expressions hold the type's OID in
-- PostgreSQL: ALTER TYPE ... RENAME TO / SET SCHEMA shows in their
-- printouts, and DROP TYPE finds them.
CREATE TYPE mood AS ENUM ('a', 'b');
CREATE TABLE tt (id int, c regtype CHECK (c <> 'mood'::regtype));
INSERT INTO tt VALUES (1, 'int4');
INSERT INTO tt VALUES (2, 'mood');
CREATE VIEW vt AS SELECT 'mood'::regtype AS t, 'mood[]'::regtype AS ta;
CREATE SCHEMA s;
ALTER TYPE mood RENAME TO mood2;
SELECT pg_get_viewdef('vt');
SELECT t, ta FROM vt;
INSERT INTO tt VALUES (3, 'mood2');
INSERT INTO tt VALUES (4, 'text');
ALTER TYPE mood2 SET SCHEMA s;
SELECT pg_get_viewdef('vt');
SELECT t, ta FROM vt;
INSERT INTO tt VALUES (5, 's.mood2');
SELECT id, c FROM tt ORDER BY id;
DROP TYPE s.mood2;
DROP TYPE s.mood2 CASCADE;
SELECT count(*) FROM pg_views WHERE viewname = 'vt';
SELECT count(*) FROM pg_constraint WHERE conrelid = 'tt'::regclass;
