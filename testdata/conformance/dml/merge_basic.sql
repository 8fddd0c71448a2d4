-- MERGE (PostgreSQL 15): upsert-style merges, every clause kind, AND
-- conditions evaluated in order (the first clause whose condition holds
-- wins), DO NOTHING, table / subquery / CTE / VALUES sources, the
-- command tag, target aliases and defaults
CREATE TABLE stock (item text PRIMARY KEY, qty int NOT NULL DEFAULT 0, note text DEFAULT 'new');
INSERT INTO stock VALUES ('apple', 10, 'old'), ('pear', 5, 'old'), ('plum', 0, 'old');
CREATE TABLE delivery (item text, qty int);
INSERT INTO delivery VALUES ('apple', 3), ('kiwi', 7), ('plum', -0), ('fig', 0);
MERGE INTO stock s USING delivery d ON s.item = d.item
  WHEN MATCHED THEN UPDATE SET qty = s.qty + d.qty, note = 'merged'
  WHEN NOT MATCHED THEN INSERT (item, qty) VALUES (d.item, d.qty);
SELECT * FROM stock ORDER BY item;
MERGE INTO stock AS s USING delivery AS d ON s.item = d.item
  WHEN MATCHED AND d.qty = 0 THEN DELETE
  WHEN MATCHED AND s.qty > 10 THEN UPDATE SET note = 'big'
  WHEN MATCHED THEN DO NOTHING
  WHEN NOT MATCHED AND d.qty > 100 THEN INSERT VALUES (d.item, d.qty, 'huge')
  WHEN NOT MATCHED THEN DO NOTHING;
SELECT * FROM stock ORDER BY item;
MERGE INTO stock USING (SELECT 'pear' AS item, 2 AS qty UNION ALL SELECT 'cherry', 9) AS src ON stock.item = src.item
  WHEN MATCHED THEN UPDATE SET qty = stock.qty * src.qty
  WHEN NOT MATCHED THEN INSERT (item, qty, note) VALUES (src.item, src.qty, DEFAULT);
SELECT * FROM stock ORDER BY item;
WITH incoming(item, qty) AS (VALUES ('cherry', 1), ('melon', 4))
MERGE INTO stock t USING incoming i ON t.item = i.item
  WHEN MATCHED THEN UPDATE SET qty = DEFAULT, note = i.item || '!'
  WHEN NOT MATCHED THEN INSERT DEFAULT VALUES;
SELECT * FROM stock ORDER BY item;
DELETE FROM stock WHERE item IS NULL;
MERGE INTO stock t USING (VALUES ('melon'), ('nothing')) v(item) ON t.item = v.item
  WHEN NOT MATCHED THEN INSERT (item) VALUES (v.item);
SELECT * FROM stock ORDER BY item;
MERGE INTO stock t USING delivery d ON false
  WHEN MATCHED THEN DELETE;
MERGE INTO stock t USING stock u ON t.item = u.item AND t.item = 'apple'
  WHEN MATCHED THEN UPDATE SET qty = t.qty + 1;
MERGE INTO stock t USING (SELECT 1) x ON true
  WHEN MATCHED AND t.qty < 5 THEN DELETE;
SELECT * FROM stock ORDER BY item;
BEGIN;
MERGE INTO stock t USING delivery d ON t.item = d.item
  WHEN MATCHED THEN DELETE;
SELECT count(*) FROM stock;
ROLLBACK;
SELECT count(*) FROM stock;
CREATE TABLE ids (id int GENERATED ALWAYS AS IDENTITY, name text, twice int GENERATED ALWAYS AS (length(name) * 2) STORED);
INSERT INTO ids (name) VALUES ('a');
MERGE INTO ids USING (VALUES ('a'), ('bb')) v(name) ON ids.name = v.name
  WHEN MATCHED THEN UPDATE SET name = v.name || 'x'
  WHEN NOT MATCHED THEN INSERT (name) VALUES (v.name);
SELECT * FROM ids ORDER BY id;
MERGE INTO ids USING (VALUES (10, 'c')) v(id, name) ON ids.id = v.id
  WHEN NOT MATCHED THEN INSERT (id, name) OVERRIDING SYSTEM VALUE VALUES (v.id, v.name);
SELECT * FROM ids ORDER BY id;
