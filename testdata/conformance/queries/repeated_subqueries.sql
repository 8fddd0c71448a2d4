-- Statements with subqueries, derived tables and joins repeated between
-- writes (PostgREST's read shapes): each run must see the rows of its
-- own moment, never a result an earlier run computed.
CREATE TABLE a (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE b (id int PRIMARY KEY, a_id int REFERENCES a(id), v int);
INSERT INTO a VALUES (1, 'x'), (2, 'y');
INSERT INTO b VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30);
SELECT id FROM a WHERE id = (SELECT max(a_id) FROM b);
SELECT a.name, (SELECT count(*) FROM b WHERE b.a_id = a.id) AS n FROM a ORDER BY a.id;
SELECT name FROM a WHERE id IN (SELECT a_id FROM b WHERE v > 15) ORDER BY name;
SELECT coalesce(json_agg(t), '[]') FROM (SELECT a.name, coalesce((SELECT json_agg(x) FROM (SELECT b.v FROM b WHERE b.a_id = a.id ORDER BY b.v) AS x), '[]') AS bs FROM a ORDER BY a.id) AS t;
SELECT a.name, b.v FROM a LEFT JOIN b ON b.a_id = a.id AND b.v > 15 ORDER BY a.name, b.v;
SELECT (SELECT count(*) FROM a), (SELECT count(*) FROM b);
INSERT INTO a VALUES (3, 'z');
INSERT INTO b VALUES (4, 3, 5);
SELECT id FROM a WHERE id = (SELECT max(a_id) FROM b);
SELECT a.name, (SELECT count(*) FROM b WHERE b.a_id = a.id) AS n FROM a ORDER BY a.id;
SELECT name FROM a WHERE id IN (SELECT a_id FROM b WHERE v > 15) ORDER BY name;
SELECT coalesce(json_agg(t), '[]') FROM (SELECT a.name, coalesce((SELECT json_agg(x) FROM (SELECT b.v FROM b WHERE b.a_id = a.id ORDER BY b.v) AS x), '[]') AS bs FROM a ORDER BY a.id) AS t;
SELECT a.name, b.v FROM a LEFT JOIN b ON b.a_id = a.id AND b.v > 15 ORDER BY a.name, b.v;
SELECT (SELECT count(*) FROM a), (SELECT count(*) FROM b);
BEGIN;
DELETE FROM b WHERE a_id = 2;
SELECT id FROM a WHERE id = (SELECT max(a_id) FROM b);
SELECT name FROM a WHERE NOT EXISTS (SELECT 1 FROM b WHERE b.a_id = a.id) ORDER BY name;
SELECT (SELECT count(*) FROM a), (SELECT count(*) FROM b);
ROLLBACK;
SELECT name FROM a WHERE NOT EXISTS (SELECT 1 FROM b WHERE b.a_id = a.id) ORDER BY name;
UPDATE b SET v = 1 WHERE id = 2;
SELECT name FROM a WHERE id IN (SELECT a_id FROM b WHERE v > 15) ORDER BY name;
SELECT a.name, b.v FROM a LEFT JOIN b ON b.a_id = a.id AND b.v > 15 ORDER BY a.name, b.v;
SELECT (SELECT count(*) FROM a), (SELECT count(*) FROM b);
