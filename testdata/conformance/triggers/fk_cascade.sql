-- row triggers on the referencing table fire for foreign key actions
CREATE TABLE parents (id int PRIMARY KEY, code text UNIQUE);
CREATE TABLE kids (id int PRIMARY KEY, parent_id int REFERENCES parents ON DELETE CASCADE ON UPDATE CASCADE, note text);
CREATE TABLE pets (id int PRIMARY KEY, parent_id int DEFAULT 0 REFERENCES parents ON DELETE SET NULL);
CREATE TABLE toys (id int PRIMARY KEY, parent_id int DEFAULT 1 REFERENCES parents ON DELETE SET DEFAULT);
CREATE TABLE log (n serial PRIMARY KEY, msg text);
CREATE FUNCTION log_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO log (msg) VALUES (TG_TABLE_NAME || ' ' || TG_WHEN || ' ' || TG_OP || ' old=' || coalesce(to_jsonb(OLD)::text, '-') || ' new=' || coalesce(to_jsonb(NEW)::text, '-'));
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER kids_before BEFORE UPDATE OR DELETE ON kids FOR EACH ROW EXECUTE FUNCTION log_row();
CREATE TRIGGER kids_after AFTER UPDATE OR DELETE ON kids FOR EACH ROW EXECUTE FUNCTION log_row();
CREATE TRIGGER pets_after AFTER UPDATE ON pets FOR EACH ROW EXECUTE FUNCTION log_row();
CREATE TRIGGER toys_after AFTER UPDATE ON toys FOR EACH ROW EXECUTE FUNCTION log_row();
INSERT INTO parents VALUES (1, 'one'), (2, 'two'), (3, 'three');
INSERT INTO kids VALUES (10, 2, 'a'), (11, 2, 'b'), (12, 3, 'c');
INSERT INTO pets VALUES (20, 2), (21, 3);
INSERT INTO toys VALUES (30, 2);
DELETE FROM parents WHERE id = 2;
SELECT msg FROM log ORDER BY n;
SELECT * FROM kids ORDER BY id;
SELECT * FROM pets ORDER BY id;
SELECT * FROM toys ORDER BY id;
DELETE FROM log;
UPDATE parents SET id = 30 WHERE id = 3;
SELECT msg FROM log ORDER BY n;
SELECT * FROM kids ORDER BY id;
DELETE FROM log;
CREATE FUNCTION keep_kid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.note = 'keep' THEN RETURN NULL; END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER kids_keep BEFORE DELETE ON kids FOR EACH ROW EXECUTE FUNCTION keep_kid();
INSERT INTO parents VALUES (4, 'four');
INSERT INTO kids VALUES (40, 4, 'keep'), (41, 4, 'go');
DELETE FROM parents WHERE id = 4;
SELECT * FROM kids WHERE id >= 40 ORDER BY id;
SELECT count(*) FROM parents WHERE id = 4;
CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'kid % may not go', OLD.id;
END $$;
CREATE TRIGGER kids_refuse AFTER DELETE ON kids FOR EACH ROW EXECUTE FUNCTION refuse();
INSERT INTO parents VALUES (5, 'five');
INSERT INTO kids VALUES (50, 5, 'x');
DELETE FROM parents WHERE id = 5;
SELECT count(*) FROM parents WHERE id = 5;
SELECT count(*) FROM kids WHERE id = 50;
