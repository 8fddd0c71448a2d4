-- Column defaults print as PostgreSQL stores them: function calls'
-- literal arguments with their resolved types, serial and domain
-- defaults as written (not folded).

CREATE TABLE t (
  a text DEFAULT concat('p', 'q'),
  b text DEFAULT concat('p', 1, 'q'),
  c text DEFAULT concat_ws('-', 'x', 'y'),
  d text DEFAULT format('%s-%s', 'a', 'b'),
  e varchar(10) DEFAULT concat('p', 'q'),
  f text DEFAULT lower(concat('A', 'B')),
  g text DEFAULT 'x' || 'y',
  h text DEFAULT coalesce(NULL, 'z'),
  i text DEFAULT repeat('ab', 2)
);
SELECT attname, pg_get_expr(adbin, adrelid) FROM pg_attrdef JOIN pg_attribute ON attrelid = adrelid AND attnum = adnum WHERE adrelid = 't'::regclass ORDER BY attnum;
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 't' ORDER BY ordinal_position;
INSERT INTO t DEFAULT VALUES;
SELECT * FROM t;

-- serial columns and identity
CREATE TABLE s (id serial, b bigserial, sm smallserial, x int DEFAULT 1 + 2);
SELECT attname, pg_get_expr(adbin, adrelid) FROM pg_attrdef JOIN pg_attribute ON attrelid = adrelid AND attnum = adnum WHERE adrelid = 's'::regclass ORDER BY attnum;
CREATE SEQUENCE sq;
CREATE TABLE s2 (id int DEFAULT nextval('sq'), id2 bigint DEFAULT nextval('sq'::regclass) + 1, id3 text DEFAULT 'n' || nextval('sq'));
SELECT attname, pg_get_expr(adbin, adrelid) FROM pg_attrdef JOIN pg_attribute ON attrelid = adrelid AND attnum = adnum WHERE adrelid = 's2'::regclass ORDER BY attnum;

-- domains with defaults
CREATE DOMAIN pos AS int DEFAULT 1 + 1 CHECK (VALUE > 0);
CREATE DOMAIN label AS text DEFAULT concat('l', '-', 1);
CREATE DOMAIN stamp AS text DEFAULT upper('a' || 'b');
SELECT typname, typdefault FROM pg_type WHERE typname IN ('pos', 'label', 'stamp') ORDER BY typname;
CREATE TABLE d (p pos, l label DEFAULT concat('m', 2), st stamp);
SELECT attname, pg_get_expr(adbin, adrelid) FROM pg_attrdef JOIN pg_attribute ON attrelid = adrelid AND attnum = adnum WHERE adrelid = 'd'::regclass ORDER BY attnum;
INSERT INTO d DEFAULT VALUES;
SELECT p, l, st FROM d;
ALTER TABLE d ALTER COLUMN p SET DEFAULT 2 * 3;
SELECT attname, pg_get_expr(adbin, adrelid) FROM pg_attrdef JOIN pg_attribute ON attrelid = adrelid AND attnum = adnum WHERE adrelid = 'd'::regclass ORDER BY attnum;
