-- Ordered joins of the catalogs, which read a few of each relation's
-- columns (the others are pruned from the scans): columns read only by
-- ORDER BY, by an ordinal or an alias, by HAVING, by a subquery, through
-- LEFT JOINs whose nullable side the WHERE clause or the sort reads.
CREATE SCHEMA cj;
CREATE TABLE cj.pt1 (id int PRIMARY KEY, name text UNIQUE, ref int);
CREATE TABLE cj.pt2 (id int PRIMARY KEY, p int REFERENCES cj.pt1, note text);
CREATE INDEX pt2_p ON cj.pt2 (p);
CREATE VIEW cj.v AS SELECT id FROM cj.pt1;
COMMENT ON TABLE cj.pt1 IS 'first';
SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'cj' ORDER BY c.relkind, n.nspname, c.relname;
SELECT c.relname AS x, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'cj' ORDER BY 1 DESC;
SELECT c.relname || '!' AS x FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'cj' ORDER BY x;
SELECT c.relname, c.relnatts + 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'cj' ORDER BY c.relnatts + 1, 1;
SELECT c.relkind, count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'cj' GROUP BY c.relkind HAVING count(*) > 1 ORDER BY 2 DESC, 1;
SELECT c.relname, (SELECT count(*) FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0) AS k
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'cj' AND c.relkind IN ('r', 'v') ORDER BY k, 1;
SELECT DISTINCT c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'cj' ORDER BY 1;
SELECT t.relname, c.relname, i.indisunique, i.indisprimary FROM pg_index i
  JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
 WHERE n.nspname = 'cj' ORDER BY t.relname, c.relname;
SELECT co.conname, co.contype FROM pg_constraint co JOIN pg_class c ON c.oid = co.conrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'cj' ORDER BY co.conname LIMIT 3 OFFSET 1;
SELECT a.attname, t.typname FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid JOIN pg_class c ON c.oid = a.attrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'cj' AND c.relname = 'pt2' AND a.attnum > 0 ORDER BY a.attnum DESC;
SELECT c.relname, row_number() OVER (ORDER BY c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'cj' ORDER BY 2 DESC;
SELECT n.nspname AS "Schema", c.relname AS "Name",
  CASE c.relkind WHEN 'r' THEN 'table' WHEN 'v' THEN 'view' WHEN 'i' THEN 'index' END AS "Type",
  obj_description(c.oid, 'pg_class') AS "Description"
  FROM pg_class c LEFT JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_am am ON am.oid = c.relam
 WHERE c.relkind IN ('r', 'v', 'i') AND n.nspname = 'cj' ORDER BY 1, 2;
SELECT c.relname, am.amname FROM pg_class c LEFT JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_am am ON am.oid = c.relam WHERE n.nspname = 'cj' ORDER BY am.amname NULLS FIRST, 1;
SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'cj' AND EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid) ORDER BY 1;
SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'cj'
 ORDER BY table_name, ordinal_position;
SELECT tc.table_name, tc.constraint_type, kcu.column_name FROM information_schema.table_constraints tc
  JOIN information_schema.key_column_usage kcu USING (constraint_schema, constraint_name)
 WHERE tc.table_schema = 'cj' ORDER BY 1, 2, 3;
