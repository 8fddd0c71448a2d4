-- pg_event_trigger_ddl_commands() for types, domains, policies and triggers
CREATE TABLE evlog (n serial PRIMARY KEY, msg text);
CREATE TABLE docs (id int, owner text);
CREATE FUNCTION ev_end() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM pg_event_trigger_ddl_commands() LOOP
    INSERT INTO evlog (msg) VALUES (r.command_tag || '|' || r.object_type || '|' || coalesce(r.schema_name, '-') || '|' || coalesce(r.object_identity, '-') || '|' || (r.classid = 'pg_type'::regclass OR r.classid = 'pg_policy'::regclass OR r.classid = 'pg_trigger'::regclass));
  END LOOP;
END $$;
CREATE FUNCTION trg_fn() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE EVENT TRIGGER et_end ON ddl_command_end EXECUTE FUNCTION ev_end();
CREATE TYPE mood AS ENUM ('ok', 'sad');
CREATE TYPE pair AS (a int, b text);
CREATE DOMAIN pos AS int CHECK (VALUE > 0);
CREATE POLICY docs_own ON docs USING (owner = current_user);
CREATE TRIGGER docs_trg BEFORE INSERT ON docs FOR EACH ROW EXECUTE FUNCTION trg_fn();
CREATE SCHEMA app;
CREATE TYPE app.kind AS ENUM ('a');
SELECT msg FROM evlog ORDER BY n;
CREATE EXTENSION IF NOT EXISTS pgcrypto;
SELECT msg FROM evlog WHERE msg LIKE 'CREATE EXTENSION%' ORDER BY n;
CREATE ROLE rls_t_evt_plain;
ALTER EVENT TRIGGER et_end OWNER TO rls_t_evt_plain;
ALTER EVENT TRIGGER et_end OWNER TO CURRENT_USER;
ALTER EVENT TRIGGER nosuch OWNER TO CURRENT_USER;
SELECT evtname, pg_get_userbyid(evtowner) FROM pg_event_trigger;
DROP EVENT TRIGGER et_end;
DROP ROLE rls_t_evt_plain;
