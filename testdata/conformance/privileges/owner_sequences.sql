-- ALTER TABLE ... OWNER TO also gives the table's serial and identity sequences to the new owner
CREATE ROLE rest2_owner;
CREATE TABLE own_seq (id serial PRIMARY KEY, big bigserial, name text);
CREATE TABLE own_plain (id int PRIMARY KEY);
ALTER TABLE own_seq OWNER TO rest2_owner;
SET ROLE rest2_owner;
INSERT INTO own_seq (name) VALUES ('a') RETURNING id, big;
SELECT nextval('own_seq_id_seq');
SELECT currval('own_seq_big_seq');
RESET ROLE;
SELECT c.relname, r.rolname FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner WHERE c.relname IN ('own_seq', 'own_seq_id_seq', 'own_seq_big_seq', 'own_plain') ORDER BY 1;
ALTER TABLE own_seq OWNER TO postgres;
SELECT c.relname, r.rolname FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner WHERE c.relname IN ('own_seq', 'own_seq_id_seq', 'own_seq_big_seq') ORDER BY 1;
SET ROLE rest2_owner;
INSERT INTO own_seq (name) VALUES ('b');
RESET ROLE;
DROP TABLE own_seq;
DROP TABLE own_plain;
DROP ROLE rest2_owner;
