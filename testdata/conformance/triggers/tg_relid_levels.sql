-- TG_RELID is the trigger's table as an oid, for row and statement
-- triggers, before and after, and on each table a function serves.
CREATE TABLE tg_a (id int);
CREATE TABLE tg_b (id int);
CREATE TABLE tg_log (rel oid, is_a bool, is_b bool, tname name, lvl text);
CREATE FUNCTION tg_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tg_log VALUES (TG_RELID, TG_RELID = 'tg_a'::regclass, TG_RELID = 'tg_b'::regclass, TG_TABLE_NAME, TG_LEVEL);
  RETURN NULL;
END
$$;
CREATE TRIGGER a_row BEFORE INSERT ON tg_a FOR EACH ROW EXECUTE FUNCTION tg_note();
CREATE TRIGGER a_stmt AFTER INSERT ON tg_a FOR EACH STATEMENT EXECUTE FUNCTION tg_note();
CREATE TRIGGER b_row AFTER INSERT ON tg_b FOR EACH ROW EXECUTE FUNCTION tg_note();
INSERT INTO tg_a VALUES (1);
INSERT INTO tg_b VALUES (1), (2);
SELECT is_a, is_b, tname, lvl, rel = tname::regclass FROM tg_log ORDER BY tname, lvl;
SELECT pg_typeof(rel) FROM tg_log LIMIT 1;
