-- A CHECK constraint comparing an oid column with a regclass constant:
-- the constant is the relation's OID when rows are checked, and follows
-- a rename of the relation.
CREATE TABLE a (id int);
CREATE TABLE ck (c oid CHECK (c <> 'a'::regclass));
INSERT INTO ck VALUES (1);
ALTER TABLE a RENAME TO a2;
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'ck'::regclass;
INSERT INTO ck VALUES ('a2'::regclass);
INSERT INTO ck VALUES (2);
SELECT count(*) FROM ck;
DROP TABLE a2;
DROP TABLE a2 CASCADE;
INSERT INTO ck SELECT 'ck'::regclass;
SELECT count(*) FROM ck;
