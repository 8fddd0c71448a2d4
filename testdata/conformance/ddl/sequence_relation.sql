-- a sequence reads as a one-row relation (pg_dump's data dump reads it so)
CREATE SEQUENCE s START 5;
CREATE SCHEMA app;
CREATE TABLE app.t (id serial PRIMARY KEY, v text);
SELECT last_value, is_called FROM s;
SELECT nextval('s'), nextval('s');
SELECT last_value, is_called FROM s;
SELECT last_value, is_called FROM public.s;
INSERT INTO app.t (v) VALUES ('a'), ('b');
SELECT last_value, is_called FROM app.t_id_seq;
SELECT setval('s', 20, false);
SELECT last_value, is_called FROM s;
SELECT s.last_value + 1 AS next FROM s;
SELECT q.last_value, q.is_called FROM app.t_id_seq AS q WHERE q.is_called;
SELECT last_value FROM nosuch_seq;
SELECT nosuch FROM s;
CREATE TABLE s (id int);
