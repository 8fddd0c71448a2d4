-- sql_drop after DROP SCHEMA ... CASCADE: the schema (original) and the
-- tables it takes with it (not original), which extensions' drop
-- triggers (TimescaleDB's) look for
CREATE TABLE droplog (n serial PRIMARY KEY, msg text);
CREATE FUNCTION log_drop() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM pg_event_trigger_dropped_objects() WHERE object_type IN ('schema', 'table') LOOP
    INSERT INTO droplog (msg) VALUES (r.object_type || ' ' || coalesce(r.schema_name, '-') || ' ' || r.object_name || ' ' || r.original || ' ' || r.normal || ' ' || r.object_identity);
  END LOOP;
END $$;
CREATE EVENT TRIGGER log_drop ON sql_drop EXECUTE FUNCTION log_drop();
CREATE SCHEMA s1;
CREATE TABLE s1.a (id int);
CREATE TABLE s1.b (id int);
CREATE VIEW s1.v AS SELECT id FROM s1.a;
DROP SCHEMA s1 CASCADE;
SELECT msg FROM droplog ORDER BY msg;
CREATE SCHEMA s2;
DROP SCHEMA s2;
SELECT msg FROM droplog ORDER BY msg;
DROP EVENT TRIGGER log_drop;
