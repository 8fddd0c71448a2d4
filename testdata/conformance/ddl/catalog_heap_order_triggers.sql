-- conformance: ordered
-- a table's first trigger sets relhastriggers, which moves its pg_class row to the end (later triggers, DROP TRIGGER and CREATE POLICY do not); ALTER TABLE ... ENABLE / DISABLE ROW LEVEL SECURITY writes the row even when the flag was already so
CREATE TABLE a (id int);
CREATE TABLE b (id int);
CREATE TABLE c (id int);
CREATE POLICY p ON a USING (true);
SELECT string_agg(relname, ',') FROM pg_class WHERE relnamespace = 'public'::regnamespace;
CREATE TRIGGER tg BEFORE INSERT ON b FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger();
SELECT string_agg(relname, ',') FROM pg_class WHERE relnamespace = 'public'::regnamespace;
CREATE TRIGGER tg2 BEFORE UPDATE ON b FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger();
SELECT string_agg(relname, ',') FROM pg_class WHERE relnamespace = 'public'::regnamespace;
CREATE TRIGGER tg BEFORE INSERT ON a FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger();
SELECT string_agg(relname, ',') FROM pg_class WHERE relnamespace = 'public'::regnamespace;
DROP TRIGGER tg2 ON b;
SELECT string_agg(relname, ',') FROM pg_class WHERE relnamespace = 'public'::regnamespace;
ALTER TABLE c DISABLE ROW LEVEL SECURITY;
SELECT string_agg(relname, ',') FROM pg_class WHERE relnamespace = 'public'::regnamespace;
ALTER TABLE c NO FORCE ROW LEVEL SECURITY;
SELECT string_agg(relname, ',') FROM pg_class WHERE relnamespace = 'public'::regnamespace;
