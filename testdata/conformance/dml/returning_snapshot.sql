-- a subquery in RETURNING reads the tables as they were before the statement
CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL UNIQUE, qty int NOT NULL DEFAULT 0);
CREATE TABLE audit (id serial PRIMARY KEY, item_id int, note text);
INSERT INTO items (name, qty) VALUES ('apple', 3), ('pear', 5);
INSERT INTO items (name) VALUES ('plum') RETURNING id, name, (SELECT count(*) FROM items) AS before_count;
INSERT INTO items (name, qty) VALUES ('fig', 1), ('kiwi', 2) RETURNING name, (SELECT max(qty) FROM items) AS max_before, qty;
INSERT INTO items AS i (name, qty) VALUES ('lime', 7) RETURNING i.name, (SELECT sum(qty) FROM items WHERE qty < i.qty) AS smaller;
INSERT INTO items (name, qty) SELECT name || '2', qty * 2 FROM items WHERE qty >= 5 RETURNING name, qty, EXISTS (SELECT 1 FROM items x WHERE x.name = items.name) AS existed;
UPDATE items SET qty = qty + 10 WHERE name = 'apple' RETURNING name, qty, (SELECT qty FROM items WHERE name = 'apple') AS old_qty;
UPDATE items SET qty = 0 WHERE qty > 100 RETURNING id, (SELECT count(*) FROM items);
UPDATE items t SET qty = t.qty + 1 WHERE t.name IN ('pear', 'fig') RETURNING t.name, t.qty, (SELECT qty FROM items o WHERE o.id = t.id) AS was;
UPDATE items SET qty = audit_count.n FROM (SELECT count(*)::int AS n FROM audit) audit_count WHERE items.name = 'kiwi' RETURNING items.name, items.qty, (SELECT count(*) FROM items WHERE qty = 0) AS zero_before;
INSERT INTO audit (item_id, note) SELECT id, 'seen' FROM items WHERE qty > 5 RETURNING note, (SELECT count(*) FROM audit) AS audits_before, (SELECT name FROM items WHERE items.id = audit.item_id) AS item;
DELETE FROM audit WHERE note = 'seen' RETURNING item_id, (SELECT count(*) FROM audit) AS audits_before;
INSERT INTO items (name) VALUES ('apple') RETURNING (SELECT count(*) FROM items);
SELECT count(*) FROM items;
INSERT INTO items (name, qty) VALUES ('melon', 4) RETURNING *, (SELECT min(qty) FROM items) AS min_before;
INSERT INTO items (name) VALUES ('date') RETURNING (SELECT nope FROM items);
SELECT name, qty FROM items ORDER BY id;
