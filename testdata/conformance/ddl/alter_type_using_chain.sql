-- ALTER COLUMN TYPE with a USING chain of casts through text: an enum
-- rebuilt under its old name (how schema diffs replace an enum's labels)
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE p (id int PRIMARY KEY, m mood);
INSERT INTO p VALUES (1, 'sad'), (2, 'happy');
ALTER TYPE mood RENAME TO mood_old;
CREATE TYPE mood AS ENUM ('sad', 'happy', 'ecstatic');
ALTER TABLE p ALTER COLUMN m TYPE mood USING m::text::mood;
SELECT id, m, pg_typeof(m) FROM p ORDER BY id;
DROP TYPE mood_old;
ALTER TABLE p ALTER COLUMN m TYPE text USING m::text::varchar(3);
SELECT id, m FROM p ORDER BY id;
CREATE TYPE e2 AS ENUM ('x');
ALTER TABLE p ALTER COLUMN m TYPE e2 USING m::text::e2;
