-- DDL real migration histories use: DROP FUNCTION IF EXISTS naming a
-- type that does not exist, schema-qualified self-referencing foreign
-- keys, CREATE VIEW ... AS WITH, ALTER COLUMN ... TYPE ... USING.
DROP FUNCTION IF EXISTS f(unknown_type);
DROP FUNCTION IF EXISTS public.f(integer, unknown_type);
DROP FUNCTION IF EXISTS f(integer);
DROP FUNCTION f(unknown_type);
DROP FUNCTION IF EXISTS nosuch_schema.f(integer);
CREATE TABLE public.node (id int PRIMARY KEY, parent_id int REFERENCES public.node (id));
CREATE TABLE public.node2 (id int PRIMARY KEY, parent_id int REFERENCES node2 (id) ON DELETE CASCADE);
CREATE TABLE node3 (id int PRIMARY KEY, parent_id int, FOREIGN KEY (parent_id) REFERENCES public.node3);
CREATE SCHEMA app;
CREATE TABLE app.category (id bigint PRIMARY KEY, parent_id bigint REFERENCES app.category (id));
INSERT INTO node VALUES (1, NULL), (2, 1);
INSERT INTO node VALUES (3, 9);
INSERT INTO node2 VALUES (1, NULL), (2, 1), (3, 2);
DELETE FROM node2 WHERE id = 1;
SELECT count(*) FROM node2;
INSERT INTO node3 VALUES (1, 1);
INSERT INTO app.category VALUES (1, NULL), (2, 1);
INSERT INTO app.category VALUES (3, 4);
SELECT conname, confrelid::regclass::text AS parent FROM pg_constraint WHERE contype = 'f' ORDER BY 1;
CREATE VIEW recent AS WITH r AS (SELECT id FROM node WHERE parent_id IS NOT NULL) SELECT id FROM r;
SELECT * FROM recent;
CREATE TABLE tt (id int PRIMARY KEY, v text);
INSERT INTO tt VALUES (1, '5'), (2, ' 7');
ALTER TABLE tt ALTER COLUMN v TYPE integer USING trim(v)::integer;
SELECT id, v, pg_typeof(v) FROM tt ORDER BY id;
