-- FULL JOIN runs only on conditions PostgreSQL can merge- or hash-join
CREATE TABLE lists (id int PRIMARY KEY, name text);
CREATE TABLE items (id int PRIMARY KEY, list_id int, pos int);
INSERT INTO lists VALUES (1, 'a'), (2, 'b');
INSERT INTO items VALUES (1, 1, 10), (2, 1, 20), (3, 2, 10), (4, NULL, 30);
SELECT count(*) FROM lists l FULL JOIN items i ON i.pos = 10;
SELECT count(*) FROM lists l FULL JOIN items i ON true;
SELECT count(*) FROM lists l FULL JOIN items i ON false;
SELECT count(*) FROM lists l FULL JOIN items i ON i.list_id = l.id OR i.list_id IS NULL;
SELECT count(*) FROM lists l FULL JOIN items i ON i.list_id + 0 = l.id;
SELECT count(*) FROM lists l FULL JOIN items i ON i.list_id = l.id AND i.pos > 10;
SELECT count(*) FROM lists l FULL JOIN items i ON i.list_id = l.id + i.pos;
SELECT count(*) FROM lists l FULL JOIN items i ON l.name = i.pos::text;
SELECT count(*) FROM lists l FULL JOIN items i ON i.list_id IS NOT DISTINCT FROM l.id;
SELECT count(*) FROM lists l FULL JOIN items i ON i.list_id < l.id;
SELECT count(*) FROM lists l FULL JOIN items i ON (SELECT 1) = l.id;
SELECT l.id, i.id FROM lists l FULL JOIN items i ON i.list_id = l.id AND l.name = 'a' ORDER BY l.id, i.id;
