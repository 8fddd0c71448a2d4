-- ALTER TRIGGER name ON table RENAME TO new_name: the trigger keeps
-- firing under its new name (and keeps its comment); a missing trigger
-- is 42704, a name taken on the table 42710, a missing table 42P01; on
-- a partitioned table the partitions' clones follow, and a clone cannot
-- be renamed on its own (0A000).
CREATE TABLE t (id int PRIMARY KEY, note text, n int DEFAULT 0);
CREATE FUNCTION bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.n := NEW.n + 1; RETURN NEW; END $$;
CREATE TRIGGER t_bump BEFORE INSERT OR UPDATE ON t FOR EACH ROW EXECUTE FUNCTION bump();
CREATE TRIGGER t_other BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION bump();
COMMENT ON TRIGGER t_bump ON t IS 'counts writes';
ALTER TRIGGER t_bump ON t RENAME TO t_count;
INSERT INTO t (id, note) VALUES (1, 'a');
UPDATE t SET note = 'b' WHERE id = 1;
SELECT id, note, n FROM t;
SELECT tgname FROM pg_trigger WHERE tgrelid = 't'::regclass ORDER BY 1;
SELECT obj_description(oid, 'pg_trigger') FROM pg_trigger WHERE tgrelid = 't'::regclass AND tgname = 't_count';
ALTER TRIGGER t_bump ON t RENAME TO t_again;
ALTER TRIGGER t_count ON t RENAME TO t_other;
ALTER TRIGGER t_count ON nosuch RENAME TO x;
ALTER TRIGGER nosuch ON t RENAME TO t_other;
ALTER TRIGGER t_count ON t RENAME TO t_count;
DROP TRIGGER t_bump ON t;
DROP TRIGGER t_count ON t;
INSERT INTO t (id, note) VALUES (2, 'c');
SELECT id, n FROM t ORDER BY id;
BEGIN;
ALTER TRIGGER t_other ON t RENAME TO t_temp;
ROLLBACK;
SELECT tgname FROM pg_trigger WHERE tgrelid = 't'::regclass ORDER BY 1;
CREATE TABLE p (id int, region text, n int DEFAULT 0) PARTITION BY LIST (region);
CREATE TABLE p_eu PARTITION OF p FOR VALUES IN ('eu');
CREATE TRIGGER p_bump BEFORE INSERT ON p FOR EACH ROW EXECUTE FUNCTION bump();
ALTER TRIGGER p_bump ON p_eu RENAME TO p_eu_bump;
ALTER TRIGGER p_bump ON p RENAME TO p_count;
SELECT tgrelid::regclass::text AS rel, tgname FROM pg_trigger WHERE tgrelid IN ('p'::regclass, 'p_eu'::regclass) ORDER BY 1, 2;
INSERT INTO p (id, region) VALUES (1, 'eu');
SELECT id, n FROM p;
CREATE TABLE c (id int PRIMARY KEY);
CREATE FUNCTION noop() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE CONSTRAINT TRIGGER c_check AFTER INSERT ON c DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION noop();
ALTER TRIGGER c_check ON c RENAME TO c_verify;
SELECT tgname, tgdeferrable, tginitdeferred FROM pg_trigger WHERE tgrelid = 'c'::regclass;
