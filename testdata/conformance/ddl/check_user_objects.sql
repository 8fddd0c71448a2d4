-- CHECK constraints calling a user function or casting to a user type: enforced, printed as written (pg_get_constraintdef), and kept through RENAME COLUMN.
CREATE TYPE tone AS ENUM ('low', 'high');
CREATE FUNCTION short_text(t text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$ SELECT length(t) < 5 $$;
CREATE TABLE sounds (id int PRIMARY KEY, label text CONSTRAINT label_short CHECK (short_text(label)), kind text CONSTRAINT kind_tone CHECK (kind::tone IS NOT NULL));
INSERT INTO sounds VALUES (1, 'beep', 'low');
INSERT INTO sounds VALUES (2, 'beeeeep', 'low');
INSERT INTO sounds VALUES (3, 'bop', 'mid');
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'sounds'::regclass AND contype = 'c' ORDER BY 1;
ALTER TABLE sounds RENAME COLUMN label TO name;
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'sounds'::regclass AND contype = 'c' ORDER BY 1;
INSERT INTO sounds VALUES (4, 'boop', 'high');
INSERT INTO sounds VALUES (5, 'boooooop', 'high');
SELECT id, name, kind FROM sounds ORDER BY id;
