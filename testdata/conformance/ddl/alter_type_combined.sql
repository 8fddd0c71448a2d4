-- ALTER COLUMN TYPE together with other actions in one ALTER TABLE
CREATE TABLE ac (a int, c text, d int);
INSERT INTO ac VALUES (1, 'x', 10), (2, 'y', 20);
ALTER TABLE ac ALTER COLUMN a TYPE bigint, ADD COLUMN b int, ALTER COLUMN c SET NOT NULL;
SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = 'ac' ORDER BY ordinal_position;
SELECT * FROM ac ORDER BY a;
ALTER TABLE ac ALTER COLUMN d TYPE text USING d::text || '!', ALTER COLUMN c SET DEFAULT 'none', ADD CONSTRAINT ac_a_pos CHECK (a > 0);
INSERT INTO ac (a, c) VALUES (3, 'z');
SELECT a, c, d FROM ac ORDER BY a;
SELECT column_name, data_type, column_default FROM information_schema.columns WHERE table_name = 'ac' ORDER BY ordinal_position;
ALTER TABLE ac ALTER COLUMN a TYPE int, ALTER COLUMN b TYPE text, DROP COLUMN c;
SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'ac' ORDER BY ordinal_position;
ALTER TABLE ac ALTER COLUMN a TYPE bigint, ADD COLUMN e int NOT NULL;
ALTER TABLE ac ALTER COLUMN d TYPE int, ADD COLUMN f int;
SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'ac' ORDER BY ordinal_position;
INSERT INTO ac (a) VALUES (-1);
