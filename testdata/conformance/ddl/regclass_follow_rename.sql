-- conformance: context
-- Regclass constants in stored expressions are bound to the relation (by
-- OID in PostgreSQL): RENAME and SET SCHEMA of the relation show in every
-- printout, and the expressions keep working.

-- a serial column's sequence renamed
CREATE TABLE t (id serial PRIMARY KEY, x int);
ALTER SEQUENCE t_id_seq RENAME TO s2;
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 't'::regclass;
SELECT column_default FROM information_schema.columns WHERE table_name = 't' AND column_name = 'id';
INSERT INTO t (x) VALUES (1);
INSERT INTO t (x) VALUES (2) RETURNING id;
SELECT sequencename, last_value FROM pg_sequences WHERE sequencename = 's2';

-- a view's regclass constant follows a table rename
CREATE TABLE u (a int);
CREATE VIEW v AS SELECT 'u'::regclass AS r, 'public.u'::regclass AS q;
ALTER TABLE u RENAME TO u2;
SELECT r, q FROM v;
SELECT pg_get_viewdef('v');

-- a policy's regclass constant follows a rename of a table off the search path
CREATE SCHEMA s;
CREATE TABLE s.t (id int);
CREATE POLICY p ON s.t USING (tableoid = 's.t'::regclass);
ALTER TABLE s.t RENAME TO t3;
SELECT pg_get_expr(polqual, polrelid) FROM pg_policy WHERE polname = 'p';

-- a column default naming another table, a CHECK constraint naming a view
CREATE TABLE a (id int);
CREATE TABLE b (r regclass DEFAULT 'a', c regclass CHECK (c <> 'a'::regclass));
ALTER TABLE a RENAME TO a2;
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'b'::regclass;
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'b'::regclass AND contype = 'c';
INSERT INTO b (c) VALUES ('t');
SELECT r FROM b;

-- views renamed and moved
CREATE VIEW w AS SELECT 1 AS one;
CREATE VIEW wr AS SELECT 'w'::regclass AS r;
ALTER VIEW w RENAME TO w2;
SELECT r FROM wr;
ALTER VIEW w2 SET SCHEMA s;
SELECT r FROM wr;
SELECT pg_get_viewdef('wr');

-- a table moved to a schema off the search path takes its owned sequences
CREATE TABLE m (id serial, x int);
ALTER TABLE m SET SCHEMA s;
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 's.m'::regclass;
SELECT schemaname, sequencename FROM pg_sequences WHERE sequencename = 'm_id_seq';
INSERT INTO s.m (x) VALUES (1);
SELECT id, x FROM s.m;

-- a free-standing sequence moved, its users follow
CREATE SEQUENCE free_seq;
CREATE TABLE f (id bigint DEFAULT nextval('free_seq'), x int);
ALTER SEQUENCE free_seq SET SCHEMA s;
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'f'::regclass;
INSERT INTO f (x) VALUES (1);
SELECT id FROM f;
ALTER SEQUENCE s.free_seq RENAME TO free2;
INSERT INTO f (x) VALUES (2);
SELECT id, x FROM f ORDER BY id;

-- an owned sequence cannot move alone
ALTER SEQUENCE s2 SET SCHEMA s;
ALTER SEQUENCE s.free2 SET SCHEMA nosuch;

-- printed as regclass output prints them under the search path in force
CREATE TABLE oth (x int);
CREATE TABLE pr (r regclass DEFAULT 'oth');
ALTER TABLE oth SET SCHEMA s;
SELECT pg_get_expr(adbin, adrelid), pg_get_expr(adbin, adrelid, true) FROM pg_attrdef WHERE adrelid = 'pr'::regclass;
SET search_path = s, public;
SELECT pg_get_expr(adbin, adrelid), pg_get_expr(adbin, adrelid, true) FROM pg_attrdef WHERE adrelid = 'pr'::regclass;
SELECT column_default FROM information_schema.columns WHERE table_name = 'pr';
SELECT pg_get_viewdef('wr');
RESET search_path;
