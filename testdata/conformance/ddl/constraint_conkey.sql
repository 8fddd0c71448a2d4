-- pg_constraint.conkey lists a check constraint's columns in the order its
-- expression first references them (pgTAP's has_check / col_has_check and
-- col_is_unique read it).
CREATE TABLE parent (id int PRIMARY KEY);
CREATE TABLE t (
  a int CHECK (a > 0) REFERENCES parent,
  b int UNIQUE,
  c int,
  d int CHECK (d > c AND d > a),
  PRIMARY KEY (c),
  CHECK (b > 0),
  UNIQUE (a, b),
  FOREIGN KEY (b) REFERENCES parent,
  CHECK (c > 0 AND d > 0),
  "Q" int CHECK ("Q" <> a),
  e int CHECK (length('c' || e::text) < 10)
);
SELECT conname, contype, conkey, confkey FROM pg_constraint WHERE conrelid = 't'::regclass ORDER BY conname;
SELECT array_agg(a.attname ORDER BY a.attnum) FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey) WHERE c.conrelid = 't'::regclass AND c.contype = 'c' GROUP BY c.conname ORDER BY c.conname;
SELECT table_name, column_name, constraint_name FROM information_schema.constraint_column_usage WHERE constraint_schema = 'public' ORDER BY 1, 2, 3;
SELECT constraint_name, check_clause FROM information_schema.check_constraints WHERE constraint_schema = 'public' AND constraint_name NOT LIKE '%not_null' ORDER BY 1;
SELECT constraint_name, column_name, ordinal_position FROM information_schema.key_column_usage WHERE table_name = 't' ORDER BY 1, 3;
ALTER TABLE t ADD CONSTRAINT later CHECK (e < b);
SELECT conname, conkey FROM pg_constraint WHERE conrelid = 't'::regclass AND contype = 'c' ORDER BY conname;
