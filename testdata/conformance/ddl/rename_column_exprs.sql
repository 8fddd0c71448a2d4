-- renaming a column follows it into generated columns, expression indexes and partial index predicates, which keep working under the new name
CREATE TABLE t (a int, b int GENERATED ALWAYS AS (a * 2) STORED, x text);
CREATE INDEX t_lower ON t (lower(x));
CREATE INDEX t_part ON t (a) WHERE x IS NOT NULL;
CREATE UNIQUE INDEX t_uexpr ON t ((a + 1)) WHERE a > 0;
ALTER TABLE t RENAME COLUMN a TO aa;
ALTER TABLE t RENAME COLUMN x TO "X y";
INSERT INTO t (aa, "X y") VALUES (1, 'A'), (2, NULL) RETURNING *;
SELECT a.attname, pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = 't'::regclass ORDER BY a.attnum;
SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 't' ORDER BY indexname;
SELECT * FROM t WHERE lower("X y") = 'a';
INSERT INTO t (aa) VALUES (0);
INSERT INTO t (aa) VALUES (1);
INSERT INTO t (aa) VALUES (1) ON CONFLICT ((aa + 1)) WHERE aa > 0 DO NOTHING;
UPDATE t SET aa = 5 WHERE aa = 2 RETURNING aa, b;
