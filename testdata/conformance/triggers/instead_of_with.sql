-- INSTEAD OF row triggers fire for a data-modifying WITH item that writes
-- the view, as for a top-level statement: the item's RETURNING rows are
-- the rows the triggers returned, and a trigger returning NULL skips one.
CREATE TABLE base (id int PRIMARY KEY, v text);
CREATE VIEW vw AS SELECT id, v FROM base;
CREATE FUNCTION vw_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO base VALUES (NEW.id, upper(NEW.v));
  RETURN NEW;
END $$;
CREATE FUNCTION vw_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE base SET v = NEW.v || '!' WHERE id = OLD.id;
  RETURN NEW;
END $$;
CREATE FUNCTION vw_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM base WHERE id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER vw_i INSTEAD OF INSERT ON vw FOR EACH ROW EXECUTE FUNCTION vw_ins();
CREATE TRIGGER vw_u INSTEAD OF UPDATE ON vw FOR EACH ROW EXECUTE FUNCTION vw_upd();
CREATE TRIGGER vw_d INSTEAD OF DELETE ON vw FOR EACH ROW EXECUTE FUNCTION vw_del();
WITH w AS (INSERT INTO vw VALUES (1, 'a'), (2, 'b') RETURNING *) SELECT * FROM w ORDER BY id;
SELECT * FROM base ORDER BY id;
WITH w AS (UPDATE vw SET v = 'z' WHERE id = 1 RETURNING id, v) SELECT * FROM w;
SELECT * FROM base ORDER BY id;
WITH w AS (DELETE FROM vw WHERE id = 2 RETURNING *) SELECT count(*) FROM w;
SELECT * FROM base ORDER BY id;
WITH w AS (INSERT INTO vw VALUES (3, 'c')) SELECT 1;
SELECT * FROM base ORDER BY id;
CREATE FUNCTION vw_skip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id % 2 = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO base VALUES (NEW.id, NEW.v);
  RETURN NEW;
END $$;
DROP TRIGGER vw_i ON vw;
CREATE TRIGGER vw_i INSTEAD OF INSERT ON vw FOR EACH ROW EXECUTE FUNCTION vw_skip();
WITH w AS (INSERT INTO vw SELECT g, 'n' || g FROM generate_series(10, 13) g RETURNING id, v) SELECT * FROM w ORDER BY id;
WITH w AS (INSERT INTO vw VALUES (21, 'x') RETURNING id), l AS (INSERT INTO base SELECT id + 100, 'log' FROM w RETURNING *) SELECT * FROM l;
SELECT * FROM base ORDER BY id;
WITH w AS (UPDATE vw SET v = v || '?' WHERE id > 10 RETURNING *) SELECT * FROM w ORDER BY id;
WITH w AS (INSERT INTO vw VALUES (-1, 'neg') RETURNING nosuch) SELECT * FROM w;
