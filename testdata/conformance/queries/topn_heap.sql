-- ORDER BY … LIMIT without an index giving the order: a bounded top-N sort
-- over 3000 rows (heap past twice the bound), equal to the full sort's first
-- rows: ties (rows equal in what is selected), NULLS FIRST/LAST, DESC,
-- several keys, expressions, a collation, OFFSET, LIMIT ALL / NULL / 0 and
-- parameters
CREATE TABLE tn (id int PRIMARY KEY, grp int, name text, score float8, note text);
INSERT INTO tn SELECT g, CASE WHEN g % 7 = 0 THEN NULL ELSE (g * 37) % 11 END, CASE WHEN g % 5 = 0 THEN NULL ELSE chr(65 + (g * 13) % 26) || chr(97 + g % 3) END, (g * 7919) % 101 / 4.0, 'n' || (g % 13) FROM generate_series(1, 3000) g;
SELECT grp FROM tn ORDER BY grp LIMIT 10;
SELECT grp FROM tn ORDER BY grp DESC LIMIT 10;
SELECT grp FROM tn ORDER BY grp NULLS FIRST LIMIT 5 OFFSET 420;
SELECT grp FROM tn ORDER BY grp DESC NULLS LAST LIMIT 8 OFFSET 270;
SELECT grp, name FROM tn ORDER BY grp DESC NULLS LAST, name NULLS FIRST LIMIT 12;
SELECT name FROM tn ORDER BY name COLLATE "C" LIMIT 6;
SELECT name FROM tn ORDER BY name COLLATE "C" DESC NULLS LAST LIMIT 6;
SELECT name, score FROM tn ORDER BY score DESC, name LIMIT 7 OFFSET 3;
SELECT id, grp, score FROM tn ORDER BY score, grp DESC, id LIMIT 15;
SELECT id, upper(name) FROM tn ORDER BY lower(name) DESC NULLS LAST, id DESC LIMIT 9;
SELECT grp % 3 AS m, score FROM tn ORDER BY grp % 3, score DESC LIMIT 10;
SELECT id FROM tn ORDER BY note, id DESC LIMIT 4 OFFSET 2990;
SELECT id FROM tn ORDER BY note, id DESC LIMIT 20 OFFSET 2995;
SELECT count(*) FROM (SELECT id FROM tn ORDER BY score LIMIT ALL OFFSET 10) s;
SELECT count(*) FROM (SELECT id FROM tn ORDER BY score LIMIT NULL) s;
SELECT id FROM tn ORDER BY score LIMIT 0;
SELECT id FROM tn ORDER BY note DESC, id LIMIT 2 OFFSET 0;
PREPARE tn_page(bigint, bigint) AS SELECT id, score FROM tn ORDER BY score DESC, id LIMIT $1 OFFSET $2;
EXECUTE tn_page(5, 0);
EXECUTE tn_page(3, 100);
EXECUTE tn_page(NULL, 2997);
EXECUTE tn_page(0, 0);
EXPLAIN (COSTS OFF) SELECT id, score FROM tn ORDER BY score DESC, id LIMIT 5;
EXPLAIN (COSTS OFF) SELECT name FROM tn ORDER BY name DESC NULLS LAST, grp NULLS FIRST LIMIT 6 OFFSET 2;
