-- conformance: ordered
-- Catalog scans without ORDER BY list rows in PostgreSQL's physical
-- order: a relation's pg_class row is appended when it is created, and
-- an update of the row (ALTER TABLE, RENAME, GRANT, ANALYZE) writes its
-- new version at the end. ORMs list tables this way (GORM's GetTables,
-- SQLAlchemy's get_table_names).

CREATE TABLE zebra (id int);
CREATE TABLE apple (id int);
CREATE TABLE mango (id int, name text);
SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r';
SELECT table_name FROM information_schema.tables WHERE table_schema = 'public';
SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public';
SELECT attname FROM pg_attribute WHERE attrelid = 'mango'::regclass AND attnum > 0;

-- a column added: the table's row moves to the end
ALTER TABLE zebra ADD COLUMN note text;
SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r';
SELECT table_name FROM information_schema.tables WHERE table_schema = 'public';

-- a rename moves it too
ALTER TABLE apple RENAME TO banana;
SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r';

-- schemas in creation order
CREATE SCHEMA zz;
CREATE SCHEMA aa;
SELECT nspname FROM pg_namespace WHERE nspname IN ('zz', 'aa', 'public');
