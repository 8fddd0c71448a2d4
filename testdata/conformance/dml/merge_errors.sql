-- MERGE errors as PostgreSQL 15 gives them: a target row matched by two
-- source rows (21000), constraints (NOT NULL, CHECK, UNIQUE, FK), column
-- and table references, identity and generated columns, views, RETURNING
-- (a syntax error in 15), and the statement rolled back as a whole
CREATE TABLE parent (id int PRIMARY KEY);
INSERT INTO parent VALUES (1), (2);
CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL CHECK (v >= 0), u int UNIQUE, p int REFERENCES parent);
INSERT INTO t VALUES (1, 1, 1, 1), (2, 2, 2, 2);
CREATE TABLE src (id int, v int);
INSERT INTO src VALUES (1, 10), (1, 20), (3, 30);
MERGE INTO t USING src ON t.id = src.id WHEN MATCHED THEN UPDATE SET v = src.v;
MERGE INTO t USING src ON t.id = src.id WHEN MATCHED THEN DELETE;
MERGE INTO t USING src ON t.id = src.id WHEN MATCHED AND src.v = 10 THEN UPDATE SET v = 0 WHEN MATCHED THEN DO NOTHING;
SELECT * FROM t ORDER BY id;
MERGE INTO t USING src ON t.id = src.id WHEN NOT MATCHED THEN INSERT (id) VALUES (src.id);
MERGE INTO t USING src ON t.id = src.id WHEN NOT MATCHED THEN INSERT VALUES (src.id, -1);
MERGE INTO t USING src ON t.id = src.id WHEN NOT MATCHED THEN INSERT VALUES (src.id, 1, 1);
MERGE INTO t USING src ON t.id = src.id WHEN NOT MATCHED THEN INSERT VALUES (src.id, 1, 5, 9);
MERGE INTO t USING (VALUES (2, 1)) s(id, u) ON t.id = s.id WHEN MATCHED THEN UPDATE SET u = s.u;
MERGE INTO t USING (VALUES (1)) s(id) ON t.id = s.id WHEN MATCHED THEN UPDATE SET nope = 1;
MERGE INTO t USING (VALUES (1)) s(id) ON t.id = s.nope WHEN MATCHED THEN DELETE;
MERGE INTO t USING (VALUES (1)) s(id) ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = t.nope;
MERGE INTO t USING (VALUES (1)) s(id) ON t.id = s.id WHEN NOT MATCHED THEN INSERT (id, v) VALUES (t.id, 1);
MERGE INTO t USING (VALUES (1)) s(id) ON t.id = s.id WHEN NOT MATCHED THEN INSERT (id, v) VALUES (1);
MERGE INTO t USING (VALUES (1)) s(id) ON t.id = s.id WHEN NOT MATCHED THEN INSERT (id, id) VALUES (1, 1);
MERGE INTO nosuch USING (VALUES (1)) s(id) ON true WHEN MATCHED THEN DELETE;
MERGE INTO t USING nosuch ON true WHEN MATCHED THEN DELETE;
MERGE INTO t USING (VALUES (1)) s(id) ON t.id = s.id WHEN MATCHED THEN DELETE RETURNING *;
MERGE INTO t USING (VALUES (1)) s(id) ON t.id = s.id WHEN MATCHED THEN INSERT VALUES (1);
MERGE INTO t USING (VALUES (1)) s(id) ON t.id = s.id WHEN NOT MATCHED THEN UPDATE SET v = 1;
CREATE VIEW tv AS SELECT * FROM t;
MERGE INTO tv USING (VALUES (1)) s(id) ON tv.id = s.id WHEN MATCHED THEN DELETE;
MERGE INTO t USING (VALUES (1, 5), (9, 9)) s(id, v) ON t.id = s.id
  WHEN MATCHED THEN UPDATE SET v = s.v
  WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.v, NULL, 99);
SELECT * FROM t ORDER BY id;
CREATE TABLE g (id int GENERATED ALWAYS AS IDENTITY, x int, y int GENERATED ALWAYS AS (x + 1) STORED);
MERGE INTO g USING (VALUES (1)) s(x) ON g.x = s.x WHEN NOT MATCHED THEN INSERT (id, x) VALUES (5, s.x);
MERGE INTO g USING (VALUES (1)) s(x) ON g.x = s.x WHEN NOT MATCHED THEN INSERT (x, y) VALUES (s.x, 3);
INSERT INTO g (x) VALUES (1);
MERGE INTO g USING (VALUES (1)) s(x) ON g.x = s.x WHEN MATCHED THEN UPDATE SET y = 3;
MERGE INTO g USING (VALUES (1)) s(x) ON g.x = s.x WHEN MATCHED THEN UPDATE SET id = 3;
MERGE INTO g USING (VALUES (1)) s(x) ON g.x = s.x WHEN MATCHED THEN UPDATE SET x = 7;
SELECT * FROM g;
MERGE INTO t USING (VALUES (1, 'a')) s(id, v) ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v;
