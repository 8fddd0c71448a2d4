-- data-modifying WITH: chaining, visibility of earlier items, snapshot, placement
CREATE TABLE parents (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE children (id int PRIMARY KEY, parent_id int NOT NULL, name text NOT NULL);
WITH p AS (INSERT INTO parents VALUES (1, 'ann'), (2, 'bob') RETURNING id, name), c AS (INSERT INTO children SELECT id * 10, id, name || '-kid' FROM p RETURNING id, parent_id) SELECT p.name, c.id FROM p JOIN c ON c.parent_id = p.id ORDER BY c.id;
WITH src (pid, nm) AS (VALUES (3, 'cy'), (4, 'di')), ins AS (INSERT INTO parents SELECT pid, nm FROM src RETURNING id) SELECT count(*) AS inserted, sum(id) AS ids FROM ins;
WITH x AS (INSERT INTO parents VALUES (5, 'ed')) SELECT 1 AS one;
WITH up AS (UPDATE parents SET name = upper(name) WHERE id > 3 RETURNING id, name) SELECT (SELECT count(*) FROM parents WHERE name = upper(name)) AS upper_before, (SELECT min(name) FROM up) AS first_changed, (SELECT count(*) FROM up) AS changed;
SELECT id, name FROM parents ORDER BY id;
WITH d AS (DELETE FROM children WHERE parent_id = 1 RETURNING id), d2 AS (DELETE FROM parents WHERE id = 1 RETURNING id) SELECT (SELECT count(*) FROM d) AS kids, (SELECT count(*) FROM d2) AS parents;
WITH del AS (DELETE FROM parents WHERE id = 2 RETURNING id, name) INSERT INTO parents SELECT id + 100, name || ' (moved)' FROM del RETURNING id, name;
WITH up (new_id) AS (UPDATE children SET parent_id = 102 WHERE parent_id = 2 RETURNING id) SELECT new_id FROM up;
SELECT * FROM (WITH x AS (INSERT INTO parents VALUES (9, 'zz') RETURNING id) SELECT * FROM x) s;
WITH a AS (WITH b AS (INSERT INTO parents VALUES (9, 'zz') RETURNING id) SELECT * FROM b) SELECT * FROM a;
WITH bad AS (INSERT INTO parents VALUES (3, 'dup') RETURNING id) SELECT * FROM bad;
WITH ok AS (INSERT INTO parents VALUES (6, 'fay') RETURNING id), bad AS (INSERT INTO children VALUES (1, 6, NULL) RETURNING id) SELECT * FROM ok;
SELECT id, name FROM parents ORDER BY id;
SELECT id, parent_id, name FROM children ORDER BY id;
