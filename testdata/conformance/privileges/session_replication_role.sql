-- session_replication_role, as Supabase's data dumps use it: their first
-- line is SET session_replication_role = replica, so a seed loads without
-- firing ordinary triggers or checking foreign keys (PostgreSQL's RI
-- triggers are enabled 'O'). Triggers enabled REPLICA fire only then,
-- ALWAYS ones always. DDL still validates foreign keys, TRUNCATE still
-- refuses a referenced table. Only a superuser may change it.
CREATE TABLE parent (id int PRIMARY KEY);
CREATE TABLE child (id int PRIMARY KEY, pid int REFERENCES parent ON DELETE CASCADE);
CREATE FUNCTION note() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE NOTICE '% fired for %', TG_NAME, NEW.id; RETURN NEW; END $$;
CREATE TRIGGER t_origin BEFORE INSERT ON child FOR EACH ROW EXECUTE FUNCTION note();
CREATE TRIGGER t_replica BEFORE INSERT ON child FOR EACH ROW EXECUTE FUNCTION note();
CREATE TRIGGER t_always BEFORE INSERT ON child FOR EACH ROW EXECUTE FUNCTION note();
ALTER TABLE child ENABLE REPLICA TRIGGER t_replica;
ALTER TABLE child ENABLE ALWAYS TRIGGER t_always;
SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'child'::regclass AND NOT tgisinternal ORDER BY 1;
SHOW session_replication_role;
SELECT setting, context, enumvals FROM pg_settings WHERE name = 'session_replication_role';
INSERT INTO child VALUES (1, NULL);
INSERT INTO child VALUES (2, 99);
SET session_replication_role = replica;
SHOW session_replication_role;
INSERT INTO child VALUES (2, 99);
INSERT INTO parent VALUES (1);
INSERT INTO child VALUES (3, 1);
UPDATE child SET pid = 98 WHERE id = 1;
DELETE FROM parent WHERE id = 1;
SELECT * FROM child ORDER BY id;
CREATE TABLE child2 (pid int);
INSERT INTO child2 VALUES (5);
ALTER TABLE child2 ADD FOREIGN KEY (pid) REFERENCES parent;
CREATE TABLE child3 (pid int REFERENCES parent);
INSERT INTO child3 VALUES (7);
TRUNCATE parent;
SET session_replication_role = local;
INSERT INTO child VALUES (4, 97);
SET session_replication_role = Replica;
SHOW session_replication_role;
INSERT INTO child VALUES (4, 97);
RESET session_replication_role;
INSERT INTO child VALUES (5, 96);
SELECT set_config('session_replication_role', 'replica', false);
INSERT INTO child VALUES (5, 96);
SELECT set_config('session_replication_role', 'origin', false);
SET session_replication_role = bogus;
BEGIN;
SET LOCAL session_replication_role = replica;
INSERT INTO child VALUES (6, 95);
COMMIT;
INSERT INTO child VALUES (7, 94);
SELECT id, pid FROM child ORDER BY id;
SET ROLE anon;
SET session_replication_role = replica;
SELECT set_config('session_replication_role', 'replica', false);
RESET session_replication_role;
SHOW session_replication_role;
RESET ROLE;
CREATE FUNCTION add_child(i int, p int) RETURNS void LANGUAGE plpgsql AS $$ BEGIN INSERT INTO child VALUES (i, p); END $$;
SELECT add_child(10, 90);
SET session_replication_role = replica;
SELECT add_child(10, 90);
SET session_replication_role = origin;
SELECT add_child(11, 91);
SELECT count(*) FROM child WHERE id >= 10;
