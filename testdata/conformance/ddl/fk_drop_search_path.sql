-- pg_dump's files run with search_path = '' and name every table with its
-- schema: dropping a foreign key must find the table by that schema, alone
-- or beside other subcommands, on plain and partitioned tables
CREATE SCHEMA app;
CREATE TABLE app.orgs (id int PRIMARY KEY);
CREATE TABLE app.logs (id int PRIMARY KEY, org_id int CONSTRAINT logs_org_fk REFERENCES app.orgs (id), user_id int CONSTRAINT logs_user_fk REFERENCES app.orgs (id));
CREATE TABLE app.parts (id int, org_id int CONSTRAINT parts_org_fk REFERENCES app.orgs (id)) PARTITION BY RANGE (id);
CREATE TABLE app.parts1 PARTITION OF app.parts FOR VALUES FROM (0) TO (10);
SELECT pg_catalog.set_config('search_path', '', false);
ALTER TABLE "app"."logs" DROP CONSTRAINT IF EXISTS "logs_org_fk";
ALTER TABLE "app"."logs" DROP CONSTRAINT IF EXISTS "logs_org_fk";
ALTER TABLE ONLY app.logs DROP CONSTRAINT logs_org_fk;
ALTER TABLE app.logs DROP CONSTRAINT logs_user_fk, ADD COLUMN note text;
INSERT INTO app.logs (id, org_id, user_id) VALUES (1, 42, 43);
SELECT conname FROM pg_catalog.pg_constraint WHERE conrelid = 'app.logs'::pg_catalog.regclass ORDER BY 1;
ALTER TABLE app.parts DROP CONSTRAINT parts_org_fk;
INSERT INTO app.parts VALUES (1, 42);
SELECT conrelid::pg_catalog.regclass::text, conname FROM pg_catalog.pg_constraint WHERE contype = 'f' AND connamespace = 'app'::pg_catalog.regnamespace ORDER BY 1, 2;
ALTER TABLE app.logs ADD CONSTRAINT logs_org_fk2 FOREIGN KEY (org_id) REFERENCES app.orgs (id) NOT VALID, DROP CONSTRAINT logs_org_fk2;
ALTER TABLE app.logs DROP CONSTRAINT logs_pkey, DROP CONSTRAINT nope;
CREATE TABLE app.keys (id int PRIMARY KEY, org_id int CONSTRAINT keys_org_fk REFERENCES app.orgs (id), extra int);
ALTER TABLE app.keys DROP COLUMN org_id;
ALTER TABLE app.keys DROP COLUMN IF EXISTS nope;
ALTER TABLE app.keys DROP COLUMN IF EXISTS nope, DROP COLUMN extra;
SELECT pg_catalog.count(*) FROM pg_catalog.pg_constraint WHERE conrelid = 'app.keys'::pg_catalog.regclass AND contype = 'f';
SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = 'app.keys'::pg_catalog.regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum;
