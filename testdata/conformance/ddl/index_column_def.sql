-- pg_get_indexdef(index, column, pretty) prints one key: a column name
-- (quoted when it must be) or an expression, without opclass or ordering.
CREATE TABLE icd (id int PRIMARY KEY, name text, numb numeric, "Mixed" int);
CREATE INDEX icd_lower ON icd (lower(name));
CREATE INDEX icd_mul ON icd (numb DESC, lower(name), (numb + 1));
CREATE INDEX icd_mixed ON icd ("Mixed", name text_pattern_ops);
SELECT c.relname, s.i, pg_get_indexdef(c.oid, s.i, false), pg_get_indexdef(c.oid, s.i, true)
  FROM pg_class c CROSS JOIN generate_series(1, 3) s(i)
 WHERE c.relname IN ('icd_lower', 'icd_mul', 'icd_mixed', 'icd_pkey')
 ORDER BY c.relname, s.i;
