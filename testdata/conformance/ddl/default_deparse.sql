-- stored column defaults print as pg_get_expr prints them: the assignment cast to the column type hidden, constants as written
CREATE TABLE dd (id serial PRIMARY KEY, big bigserial, v varchar(20) DEFAULT 'x', c char(3) DEFAULT 'ab', t text DEFAULT 'hi', n numeric(10,2) DEFAULT 0, n2 numeric DEFAULT 1.5, bo boolean DEFAULT true, ts timestamptz DEFAULT now(), ts2 timestamp DEFAULT now(), d date DEFAULT current_date, j jsonb DEFAULT '{}', ar text[] DEFAULT '{}', f float8 DEFAULT 0, sm smallint DEFAULT 0, bi bigint DEFAULT -1, u text DEFAULT current_user, lt timestamp DEFAULT localtimestamp, ct timestamptz DEFAULT CURRENT_TIMESTAMP);
SELECT a.attname, pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = 'dd'::regclass ORDER BY a.attnum;
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'dd' ORDER BY ordinal_position;
ALTER TABLE dd ALTER COLUMN t SET DEFAULT 'other';
ALTER TABLE dd ALTER COLUMN sm SET DEFAULT 7;
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'dd' AND column_name IN ('t', 'sm') ORDER BY ordinal_position;
INSERT INTO dd (n2) VALUES (2.5) RETURNING id, big, v, c, t, n, n2, bo, j, ar, f, sm, bi, u;
CREATE TABLE dd_child (id int PRIMARY KEY, dd_id int REFERENCES dd (id));
SELECT conname FROM pg_constraint WHERE confrelid IN (SELECT 'dd'::regclass UNION ALL VALUES ('dd'::regclass)) AND contype = 'f';
SELECT 'dd'::regclass::oid IN (SELECT 'dd'::regclass), 'dd'::regclass IN (SELECT 'dd'::regclass::oid);
