-- stored generated columns
CREATE TABLE line_items (id int PRIMARY KEY, qty int NOT NULL, unit_price numeric(10,2) NOT NULL, total numeric(12,2) GENERATED ALWAYS AS (qty * unit_price) STORED);
INSERT INTO line_items (id, qty, unit_price) VALUES (1, 3, 9.99), (2, 10, 0.05);
SELECT id, total FROM line_items ORDER BY id;
UPDATE line_items SET qty = 4 WHERE id = 1 RETURNING total;
INSERT INTO line_items (id, qty, unit_price, total) VALUES (3, 1, 1, 1);
INSERT INTO line_items VALUES (3, 1, 1, DEFAULT) RETURNING total;
UPDATE line_items SET total = 0 WHERE id = 1;
CREATE TABLE people (id int PRIMARY KEY, first_name text, last_name text, full_name text GENERATED ALWAYS AS (first_name || ' ' || last_name) STORED, search text GENERATED ALWAYS AS (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) STORED);
INSERT INTO people (id, first_name, last_name) VALUES (1, 'Ada', 'Lovelace'), (2, 'Grace', NULL);
SELECT id, full_name, search FROM people ORDER BY id;
SELECT id FROM people WHERE search LIKE '%love%';
CREATE TABLE bad_gen (a int, b int GENERATED ALWAYS AS (a + c) STORED);
CREATE TABLE bad_gen2 (a timestamptz, b timestamptz GENERATED ALWAYS AS (now()) STORED);
SELECT column_name, is_generated, generation_expression FROM information_schema.columns WHERE table_name = 'line_items' ORDER BY ordinal_position;
