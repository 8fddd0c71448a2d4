-- conformance: ordered
-- Bulk inserts, INSERT ... SELECT, keyless tables, TRUNCATE and DELETE of
-- every row: the order of an unordered scan.

CREATE TABLE items (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, label text, qty int);
INSERT INTO items (label, qty) SELECT 'item ' || g, g % 7 FROM generate_series(1, 40) g;
SELECT id, qty FROM items WHERE qty = 3;
UPDATE items SET qty = 100 WHERE id % 10 = 0;
SELECT id FROM items WHERE id > 25;
SELECT id FROM items LIMIT 5;
DELETE FROM items WHERE id < 30;
SELECT id, qty FROM items;
INSERT INTO items (label, qty) VALUES ('late', 1);
SELECT id, label FROM items;

-- INSERT ... SELECT keeps the order the SELECT produced
CREATE TABLE picks (id int PRIMARY KEY, label text);
INSERT INTO picks SELECT id, label FROM items ORDER BY id DESC;
SELECT id FROM picks;

-- a table without a primary key
CREATE TABLE events (kind text, n int);
INSERT INTO events VALUES ('b', 1), ('a', 2), ('b', 3), ('a', 4);
UPDATE events SET n = n + 10 WHERE kind = 'a';
SELECT * FROM events;
DELETE FROM events WHERE n = 3;
INSERT INTO events VALUES ('c', 5);
SELECT * FROM events;

-- a secondary index does not change a scan's order
CREATE INDEX events_kind ON events (kind);
SELECT * FROM events;

-- TRUNCATE starts over; DELETE of every row does not
TRUNCATE picks;
INSERT INTO picks VALUES (3, 'c'), (1, 'a');
SELECT * FROM picks;
DELETE FROM events;
INSERT INTO events VALUES ('z', 9), ('y', 8);
SELECT * FROM events;

-- ALTER TABLE keeps the order
ALTER TABLE picks ADD COLUMN note text;
SELECT * FROM picks;
ALTER TABLE picks ALTER COLUMN label TYPE varchar(10);
SELECT * FROM picks;
