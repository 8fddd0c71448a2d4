-- enum = ANY(enum[]) and <> ALL: the filters supabase-js `.in()` and
-- `.not('col', 'in', ...)` send for enum columns.
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE people (id int PRIMARY KEY, m mood, ms mood[]);
INSERT INTO people VALUES (1, 'happy', '{happy}'), (2, 'sad', '{sad,ok}'), (3, 'ok', '{}'), (4, NULL, NULL);
SELECT id FROM people WHERE m = ANY (ARRAY['happy', 'sad']::mood[]) ORDER BY id;
SELECT id FROM people WHERE m <> ALL (ARRAY['happy', 'sad']::mood[]) ORDER BY id;
SELECT id FROM people WHERE m = ANY ('{happy,sad}'::text[]::mood[]) ORDER BY id;
SELECT id FROM people WHERE m = ANY ('{ok}') ORDER BY id;
SELECT id FROM people WHERE NOT (m = ANY ('{ok,happy}')) ORDER BY id;
SELECT id FROM people WHERE m IN ('happy', 'ok') ORDER BY id;
SELECT id FROM people WHERE m < ALL ('{ok,happy}'::mood[]) ORDER BY id;
SELECT id FROM people WHERE m >= ANY ('{ok,happy}'::mood[]) ORDER BY id;
SELECT id FROM people WHERE 'ok'::mood = ANY (ms) ORDER BY id;
SELECT id, m = ANY ('{happy,sad}'::mood[]) AS hit, m <> ALL ('{happy,sad}'::mood[]) AS miss FROM people ORDER BY id;
PREPARE by_moods(text[]) AS SELECT id FROM people WHERE m = ANY ($1::mood[]) ORDER BY id;
EXECUTE by_moods('{ok,happy}');
EXECUTE by_moods('{}');
SELECT id FROM people WHERE ms = ANY (ARRAY['{happy}'::mood[], '{sad,ok}'::mood[]]) ORDER BY id;
SELECT id FROM people WHERE ms = ANY ('{ok}'::mood[]) ORDER BY id;
