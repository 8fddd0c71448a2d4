-- ALTER TABLE ... DISABLE TRIGGER ALL (pg_dump --disable-triggers wraps
-- each table's data in it) also turns off the table's internal foreign
-- key triggers: writes to it are not checked and do not cascade; USER
-- leaves them on; only a superuser may switch them.
CREATE TABLE p (id int PRIMARY KEY);
CREATE TABLE c (id int PRIMARY KEY, pid int REFERENCES p ON DELETE CASCADE);
CREATE FUNCTION note() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE NOTICE 'fired for %', NEW.id; RETURN NEW; END $$;
CREATE TRIGGER t1 BEFORE INSERT ON c FOR EACH ROW EXECUTE FUNCTION note();
ALTER TABLE c DISABLE TRIGGER ALL;
SELECT tgname LIKE 'RI_%' AS internal, tgenabled, count(*) FROM pg_trigger WHERE tgrelid IN ('c'::regclass, 'p'::regclass) GROUP BY 1, 2, tgrelid = 'c'::regclass ORDER BY 1, 2;
INSERT INTO c VALUES (1, 99);
ALTER TABLE c ENABLE TRIGGER ALL;
INSERT INTO c VALUES (2, 98);
INSERT INTO p VALUES (1);
INSERT INTO c VALUES (3, 1);
ALTER TABLE p DISABLE TRIGGER ALL;
DELETE FROM p WHERE id = 1;
SELECT * FROM c ORDER BY id;
ALTER TABLE p ENABLE TRIGGER ALL;
ALTER TABLE c DISABLE TRIGGER USER;
SELECT tgname LIKE 'RI_%' AS internal, tgenabled, count(*) FROM pg_trigger WHERE tgrelid = 'c'::regclass GROUP BY 1, 2 ORDER BY 1, 2;
INSERT INTO c VALUES (4, 97);
ALTER TABLE c ENABLE TRIGGER USER;
CREATE ROLE rls_t_tr;
ALTER TABLE c OWNER TO rls_t_tr;
SET ROLE rls_t_tr;
ALTER TABLE c DISABLE TRIGGER ALL;
ALTER TABLE c DISABLE TRIGGER USER;
ALTER TABLE c ENABLE TRIGGER USER;
RESET ROLE;
ALTER TABLE c OWNER TO CURRENT_USER;
DROP ROLE rls_t_tr;
ALTER TABLE c DISABLE TRIGGER ALL;
ALTER TABLE c RENAME TO c2;
INSERT INTO c2 VALUES (5, 96);
SELECT tgenabled, count(*) FROM pg_trigger WHERE tgrelid = 'c2'::regclass AND tgname LIKE 'RI_%' GROUP BY 1;
ALTER TABLE c2 ENABLE TRIGGER ALL;
INSERT INTO c2 VALUES (6, 95);
SELECT id, pid FROM c2 ORDER BY id;
