-- conformance: context
-- DROP of a relation a stored regclass constant names: 2BP01 with
-- PostgreSQL's DETAIL, CASCADE drops the dependents with its NOTICE.

CREATE TABLE a (id int);
CREATE TABLE b (id int, r regclass DEFAULT 'a');
DROP TABLE a;
DROP TABLE a CASCADE;
SELECT count(*) FROM pg_attrdef WHERE adrelid = 'b'::regclass;
INSERT INTO b (id) VALUES (1);
SELECT id, r FROM b;

-- a view naming a table in a regclass constant
CREATE TABLE c (id int);
CREATE VIEW cv AS SELECT 'c'::regclass AS r;
DROP TABLE c;
DROP TABLE c CASCADE;
SELECT count(*) FROM pg_views WHERE viewname = 'cv';

-- a CHECK constraint and a policy naming another table
CREATE TABLE d (id int);
CREATE TABLE e (id int, o regclass CHECK (o <> 'd'::regclass));
DROP TABLE d;
CREATE TABLE g (id int);
CREATE POLICY gp ON g USING (tableoid <> 'd'::regclass);
DROP TABLE d CASCADE;
SELECT conname FROM pg_constraint WHERE conrelid = 'e'::regclass;
SELECT count(*) FROM pg_policy WHERE polname = 'gp';

-- a sequence a default calls and a view naming it
CREATE SEQUENCE q;
CREATE TABLE h (id bigint DEFAULT nextval('q'));
DROP SEQUENCE q;
DROP SEQUENCE q CASCADE;
SELECT count(*) FROM pg_attrdef WHERE adrelid = 'h'::regclass;

-- a view named by another view's constant
CREATE VIEW v1 AS SELECT 1 AS one;
CREATE VIEW v2 AS SELECT 'v1'::regclass AS r;
DROP VIEW v1;
DROP VIEW v1 CASCADE;
SELECT count(*) FROM pg_views WHERE viewname IN ('v1', 'v2');

-- a table naming itself goes alone; dropped together, no error
CREATE TABLE self (id int);
ALTER TABLE self ALTER COLUMN id SET DEFAULT 'self'::regclass::oid::int;
CREATE TABLE self2 (id int, r regclass);
ALTER TABLE self2 ALTER COLUMN r SET DEFAULT 'self2';
DROP TABLE self2;
DROP TABLE self;
CREATE TABLE x1 (id int);
CREATE TABLE x2 (r regclass DEFAULT 'x1');
DROP TABLE x1, x2;

-- pg_depend's rows for the constants
CREATE TABLE dep (id int);
CREATE TABLE dep_user (r regclass DEFAULT 'dep' CHECK (r <> 'dep'::regclass));
CREATE VIEW dep_view AS SELECT 'dep'::regclass AS r;
CREATE POLICY dep_pol ON dep_user USING (r = 'dep'::regclass);
CREATE SEQUENCE dep_seq;
CREATE TABLE dep_user2 (id bigint DEFAULT nextval('dep_seq'));
SELECT classid::regclass, objsubid, refobjid::regclass, refobjsubid, deptype FROM pg_depend WHERE refobjid IN ('dep'::regclass, 'dep_seq'::regclass) AND deptype = 'n' ORDER BY classid::regclass::text, refobjid::regclass::text;
ALTER TABLE dep RENAME TO dep2;
SELECT classid::regclass, refobjid::regclass FROM pg_depend WHERE refobjid = 'dep2'::regclass AND deptype = 'n' ORDER BY classid::regclass::text, refobjid::regclass::text;

-- a trigger's WHEN condition
CREATE TABLE ta (id int);
CREATE TABLE tt (id int, o oid);
CREATE FUNCTION tf() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.id := 99; RETURN NEW; END $$;
CREATE TRIGGER tg BEFORE INSERT ON tt FOR EACH ROW WHEN (NEW.o = 'ta'::regclass) EXECUTE FUNCTION tf();
ALTER TABLE ta RENAME TO ta2;
INSERT INTO tt VALUES (1, 'ta2'::regclass);
INSERT INTO tt VALUES (2, 0);
SELECT id FROM tt ORDER BY id;
SELECT classid::regclass, refobjid::regclass, deptype FROM pg_depend WHERE refobjid = 'ta2'::regclass AND deptype = 'n';
DROP TABLE ta2;
DROP TABLE ta2 CASCADE;
SELECT count(*) FROM pg_trigger WHERE tgname = 'tg';
