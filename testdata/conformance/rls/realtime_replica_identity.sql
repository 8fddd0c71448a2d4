-- UPDATE and DELETE of a table Supabase's supabase_realtime publication
-- publishes need a replica identity (docs: Logical Replication,
-- Publication; CheckCmdReplicaIdentity): a project meets this when it
-- adds a table without a primary key for Realtime's postgres_changes.
CREATE TABLE ri_nokey (a int, b text);
CREATE TABLE ri_key (id int PRIMARY KEY, b text);
CREATE TABLE ri_other (a int);
ALTER PUBLICATION supabase_realtime ADD TABLE ri_nokey, ri_key;
INSERT INTO ri_nokey VALUES (1, 'x');
INSERT INTO ri_key VALUES (1, 'x');
INSERT INTO ri_other VALUES (1);
UPDATE ri_nokey SET b = 'y';
DELETE FROM ri_nokey WHERE a = 2;
UPDATE ri_key SET b = 'y';
UPDATE ri_other SET a = 2;
WITH d AS (DELETE FROM ri_nokey RETURNING a) SELECT count(*) FROM d;
ALTER TABLE ri_nokey REPLICA IDENTITY FULL;
UPDATE ri_nokey SET b = 'z';
SELECT a, b FROM ri_nokey;
ALTER TABLE ri_key REPLICA IDENTITY NOTHING;
DELETE FROM ri_key;
ALTER PUBLICATION supabase_realtime SET (publish = 'insert, update');
DELETE FROM ri_key;
SELECT count(*) FROM ri_key;
UPDATE ri_key SET b = 'w';
ALTER TABLE ri_key REPLICA IDENTITY DEFAULT;
UPDATE ri_key SET b = 'w';
ALTER PUBLICATION supabase_realtime DROP TABLE ri_nokey;
ALTER TABLE ri_nokey REPLICA IDENTITY DEFAULT;
DELETE FROM ri_nokey;
ALTER PUBLICATION supabase_realtime SET (publish = 'insert, update, delete, truncate');
