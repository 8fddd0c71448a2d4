-- array_to_tsvector(text[]) takes an array of a domain over text (an array coerces through its elements' domain), not an array of an enum (no implicit cast to text) unless cast explicitly.
CREATE DOMAIN label AS text;
CREATE TYPE mood AS ENUM ('happy', 'sad');
CREATE TABLE obj (id int PRIMARY KEY, labels label[] NOT NULL DEFAULT '{}', moods mood[], search tsvector GENERATED ALWAYS AS (setweight(array_to_tsvector(labels), 'C')) STORED);
INSERT INTO obj (id, labels, moods) VALUES (1, '{wall,paper,wall}', '{happy}'), (2, '{}', '{sad,happy}');
SELECT id, array_to_tsvector(labels), search FROM obj ORDER BY id;
SELECT array_to_tsvector(moods) FROM obj;
SELECT id, array_to_tsvector(moods::text[]) FROM obj ORDER BY id;
SELECT array_to_tsvector(ARRAY['x', 'y']::label[]) @@ 'x'::tsquery;
