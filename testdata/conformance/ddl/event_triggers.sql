-- event triggers: CREATE / ALTER / DROP EVENT TRIGGER, pg_event_trigger, firing
CREATE TABLE evlog (n serial PRIMARY KEY, msg text);
CREATE FUNCTION ev_start() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO evlog (msg) VALUES ('start ' || tg_event || ' ' || tg_tag);
END $$;
CREATE FUNCTION ev_end() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM pg_event_trigger_ddl_commands() LOOP
    INSERT INTO evlog (msg) VALUES ('end ' || r.command_tag || ' ' || r.object_type || ' ' || coalesce(r.schema_name, '-') || ' ' || r.object_identity || ' ' || r.in_extension);
    IF r.command_tag = 'CREATE TABLE' THEN
      EXECUTE format('GRANT SELECT ON TABLE %s TO PUBLIC', r.object_identity);
    END IF;
  END LOOP;
END $$;
CREATE FUNCTION ev_drop() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM pg_event_trigger_dropped_objects() WHERE original LOOP
    INSERT INTO evlog (msg) VALUES ('drop ' || r.object_type || ' ' || r.schema_name || ' ' || r.object_name || ' ' || r.object_identity || ' ' || array_to_string(r.address_names, '.'));
  END LOOP;
END $$;
CREATE FUNCTION not_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE EVENT TRIGGER et_start ON ddl_command_start WHEN TAG IN ('CREATE TABLE', 'create view') EXECUTE FUNCTION ev_start();
CREATE EVENT TRIGGER et_end ON ddl_command_end EXECUTE FUNCTION ev_end();
CREATE EVENT TRIGGER et_drop ON sql_drop EXECUTE PROCEDURE ev_drop();
CREATE EVENT TRIGGER et_end ON ddl_command_end EXECUTE FUNCTION ev_end();
CREATE EVENT TRIGGER et_bad ON nosuch_event EXECUTE FUNCTION ev_end();
CREATE EVENT TRIGGER et_bad ON ddl_command_end WHEN TAG IN ('SELECT') EXECUTE FUNCTION ev_end();
CREATE EVENT TRIGGER et_bad ON ddl_command_end WHEN TAG IN ('CREATE ROLE') EXECUTE FUNCTION ev_end();
CREATE EVENT TRIGGER et_bad ON ddl_command_end WHEN nosuch IN ('CREATE TABLE') EXECUTE FUNCTION ev_end();
CREATE EVENT TRIGGER et_bad ON ddl_command_end EXECUTE FUNCTION not_event();
CREATE EVENT TRIGGER et_bad ON ddl_command_end EXECUTE FUNCTION nosuch();
SELECT evtname, evtevent, evtenabled, evttags, evtfoid::regproc FROM pg_event_trigger ORDER BY evtname;
SELECT count(*) FROM evlog;
CREATE TABLE items (id int PRIMARY KEY, name text);
CREATE VIEW items_v AS SELECT id FROM items;
ALTER TABLE items ADD COLUMN price int;
CREATE SCHEMA app;
CREATE TABLE app.things (id int);
CREATE FUNCTION app.f(a int, b text) RETURNS int LANGUAGE sql AS $$ SELECT a $$;
SELECT msg FROM evlog ORDER BY n;
SELECT table_schema, table_name, privilege_type FROM information_schema.role_table_grants WHERE grantee = 'PUBLIC' AND table_schema IN ('public', 'app') ORDER BY table_name;
DROP VIEW items_v;
DROP TABLE app.things;
SELECT msg FROM evlog WHERE msg LIKE 'drop%' ORDER BY n;
ALTER EVENT TRIGGER et_end DISABLE;
SELECT evtenabled FROM pg_event_trigger WHERE evtname = 'et_end';
CREATE TABLE quiet (id int);
SELECT count(*) FROM evlog WHERE msg LIKE '%quiet%';
ALTER EVENT TRIGGER et_end ENABLE;
ALTER EVENT TRIGGER et_end RENAME TO et_end2;
SELECT evtname FROM pg_event_trigger ORDER BY evtname;
-- a failing event trigger undoes the statement
CREATE FUNCTION ev_deny() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'no % allowed', tg_tag;
END $$;
CREATE EVENT TRIGGER et_deny ON ddl_command_end WHEN TAG IN ('CREATE SEQUENCE') EXECUTE FUNCTION ev_deny();
CREATE SEQUENCE s1;
SELECT count(*) FROM pg_class WHERE relname = 's1';
BEGIN;
CREATE SEQUENCE s2;
ROLLBACK;
SELECT pg_event_trigger_ddl_commands();
SELECT * FROM pg_event_trigger_dropped_objects();
DROP EVENT TRIGGER et_deny;
DROP EVENT TRIGGER nosuch;
DROP EVENT TRIGGER IF EXISTS nosuch;
DROP EVENT TRIGGER et_start, et_end2, et_drop;
SELECT count(*) FROM pg_event_trigger;
SELECT evtname FROM pg_event_trigger;
