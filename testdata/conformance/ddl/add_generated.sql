-- ADD COLUMN ... GENERATED ALWAYS AS (...) STORED computes existing rows
CREATE TABLE todos (id int PRIMARY KEY, title text NOT NULL, qty int, price numeric(8,2));
INSERT INTO todos VALUES (1, 'Buy MILK', 2, 1.50), (2, 'Walk Dog', NULL, 3.00);
ALTER TABLE todos ADD COLUMN search_text text GENERATED ALWAYS AS (lower(title)) STORED;
SELECT id, search_text FROM todos ORDER BY id;
ALTER TABLE todos ADD COLUMN total numeric GENERATED ALWAYS AS (qty * price) STORED, ADD COLUMN note text DEFAULT 'n/a';
SELECT id, total, note FROM todos ORDER BY id;
INSERT INTO todos (id, title, qty, price) VALUES (3, 'Pay RENT', 1, 900);
SELECT id, search_text, total FROM todos ORDER BY id;
UPDATE todos SET title = 'Buy Oat Milk' WHERE id = 1;
SELECT search_text FROM todos WHERE id = 1;
INSERT INTO todos (id, title, search_text) VALUES (4, 'x', 'y');
UPDATE todos SET total = 1 WHERE id = 1;
