-- triggers fire on every write path: ON CONFLICT, UPDATE ... FROM, DELETE ... USING, data-modifying WITH
CREATE TABLE kv (k text PRIMARY KEY, v int NOT NULL, touched int NOT NULL DEFAULT 0);
CREATE TABLE events (n serial PRIMARY KEY, op text, k text, v int);
CREATE FUNCTION kv_before() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.touched := coalesce(NEW.touched, 0) + 1;
  RETURN NEW;
END $$;
CREATE FUNCTION kv_after() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO events (op, k, v) VALUES (TG_OP, OLD.k, OLD.v);
  ELSE
    INSERT INTO events (op, k, v) VALUES (TG_OP, NEW.k, NEW.v);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER kv_b BEFORE INSERT OR UPDATE ON kv FOR EACH ROW EXECUTE FUNCTION kv_before();
CREATE TRIGGER kv_a AFTER INSERT OR UPDATE OR DELETE ON kv FOR EACH ROW EXECUTE FUNCTION kv_after();
INSERT INTO kv (k, v) VALUES ('a', 1), ('b', 2);
INSERT INTO kv (k, v) VALUES ('a', 10), ('c', 3) ON CONFLICT (k) DO UPDATE SET v = excluded.v;
SELECT k, v, touched FROM kv ORDER BY k;
INSERT INTO kv (k, v) VALUES ('a', 99) ON CONFLICT DO NOTHING;
SELECT op, k, v FROM events ORDER BY n;
DELETE FROM events;
CREATE TABLE patch (k text, v int);
INSERT INTO patch VALUES ('b', 20), ('c', 30);
UPDATE kv SET v = patch.v FROM patch WHERE kv.k = patch.k;
SELECT k, v, touched FROM kv ORDER BY k;
DELETE FROM kv USING patch WHERE kv.k = patch.k AND patch.v = 30;
SELECT op, k, v FROM events ORDER BY n;
DELETE FROM events;
WITH ins AS (INSERT INTO kv (k, v) VALUES ('d', 4) RETURNING k) SELECT k FROM ins;
WITH del AS (DELETE FROM kv WHERE k = 'b' RETURNING k) SELECT count(*) FROM del;
SELECT op, k, v FROM events ORDER BY n;
SELECT k, touched FROM kv ORDER BY k;
