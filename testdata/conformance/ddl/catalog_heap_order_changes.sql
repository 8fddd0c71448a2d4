-- conformance: ordered
-- Which ALTER TABLE changes move a table's pg_class row to the end (a
-- regular update of the row) and which leave it in place (another
-- catalog changes, or PostgreSQL updates the row in place).

CREATE SCHEMA probe;
CREATE TABLE probe.a (id int, y int);
CREATE TABLE probe.b (id int, x int);
CREATE TABLE probe.d (id int);
CREATE TABLE probe.e (id int);
CREATE TABLE probe.f (id int);
CREATE TABLE probe.g (id int);
CREATE TABLE probe.h (id int PRIMARY KEY);
CREATE TABLE probe.k (id int);
SELECT relname FROM pg_class WHERE relnamespace = 'probe'::regnamespace AND relkind = 'r';

-- stay in place: a column dropped, an index, ANALYZE, COMMENT, SET NOT NULL, SET DEFAULT, a column renamed
ALTER TABLE probe.a DROP COLUMN y;
CREATE INDEX ON probe.b (x);
ANALYZE probe.d;
COMMENT ON TABLE probe.e IS 'x';
ALTER TABLE probe.d ALTER COLUMN id SET NOT NULL;
ALTER TABLE probe.e ALTER COLUMN id SET DEFAULT 1;
ALTER TABLE probe.a RENAME COLUMN id TO ident;
SELECT relname FROM pg_class WHERE relnamespace = 'probe'::regnamespace AND relkind = 'r';

-- move: a CHECK constraint added
ALTER TABLE probe.f ADD CONSTRAINT ck CHECK (id > 0);
SELECT relname FROM pg_class WHERE relnamespace = 'probe'::regnamespace AND relkind = 'r';

-- move: a foreign key (the referenced table first)
ALTER TABLE probe.g ADD FOREIGN KEY (id) REFERENCES probe.h;
SELECT relname FROM pg_class WHERE relnamespace = 'probe'::regnamespace AND relkind = 'r';

-- a second foreign key to the same table moves neither
ALTER TABLE probe.k ADD FOREIGN KEY (id) REFERENCES probe.h;
SELECT relname FROM pg_class WHERE relnamespace = 'probe'::regnamespace AND relkind = 'r';

-- move: a column's type changed (a rewrite)
ALTER TABLE probe.b ALTER COLUMN x TYPE bigint;
SELECT relname FROM pg_class WHERE relnamespace = 'probe'::regnamespace AND relkind = 'r';

-- move: a CHECK constraint dropped
ALTER TABLE probe.f DROP CONSTRAINT ck;
SELECT relname FROM pg_class WHERE relnamespace = 'probe'::regnamespace AND relkind = 'r';

-- move: SET SCHEMA; schemas in creation order
CREATE SCHEMA other;
ALTER TABLE probe.a SET SCHEMA other;
ALTER TABLE other.a SET SCHEMA probe;
SELECT relname FROM pg_class WHERE relnamespace = 'probe'::regnamespace AND relkind = 'r';
CREATE SCHEMA later;
SELECT nspname FROM pg_namespace WHERE nspname IN ('probe', 'later', 'other');
SELECT table_name FROM information_schema.tables WHERE table_schema = 'probe';
