-- generation expressions must be immutable
CREATE TABLE g1 (a int, b double precision GENERATED ALWAYS AS (random() * a) STORED);
CREATE TABLE g2 (a date, b date GENERATED ALWAYS AS (current_date) STORED);
CREATE TABLE g3 (a int, b text GENERATED ALWAYS AS (gen_random_uuid()::text) STORED);
CREATE TABLE g4 (a int, b int GENERATED ALWAYS AS (abs(a) * 2) STORED);
INSERT INTO g4 (a) VALUES (-3) RETURNING b;
ALTER TABLE g4 ADD COLUMN c timestamptz GENERATED ALWAYS AS (now()) STORED;
