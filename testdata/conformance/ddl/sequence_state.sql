-- a sequence's state as pg_sequence_last_value and pg_sequences report it
CREATE SEQUENCE s START 5;
CREATE TABLE t (id serial PRIMARY KEY, v smallserial);
SELECT pg_sequence_last_value('s');
SELECT nextval('s'), nextval('s');
SELECT pg_sequence_last_value('s'::regclass);
INSERT INTO t DEFAULT VALUES;
SELECT sequencename, data_type, start_value, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1;
SELECT setval('s', 20, false);
SELECT pg_sequence_last_value('s'), (SELECT last_value FROM pg_sequences WHERE sequencename = 's');
SELECT pg_sequence_last_value('nope');
