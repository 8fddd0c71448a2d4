-- a default whose cast type differs from the column's keeps that cast: PostgreSQL stores the typed constant and relabels or coerces it to the column type, and pg_get_expr prints the cast as written
CREATE TABLE dct (id int PRIMARY KEY, a text DEFAULT NULL::character varying, b text DEFAULT 'x'::character varying, c int DEFAULT 0::smallint, d bigint DEFAULT 5::integer, e varchar(10) DEFAULT 'y'::text, f numeric DEFAULT 1::integer, g text DEFAULT NULL::text, h int DEFAULT NULL::smallint, i text DEFAULT NULL, j varchar DEFAULT NULL::varchar(5), k text DEFAULT 'z'::varchar(3), l timestamptz DEFAULT '2020-01-01'::date, m text DEFAULT (NULL::character varying)::text, n int DEFAULT 2::bigint);
SELECT a.attname, pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = 'dct'::regclass ORDER BY a.attnum;
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'dct' ORDER BY ordinal_position;
SELECT attname, atthasdef FROM pg_attribute WHERE attrelid = 'dct'::regclass AND attnum > 0 ORDER BY attnum;
INSERT INTO dct (id) VALUES (1) RETURNING *;
ALTER TABLE dct ALTER COLUMN g SET DEFAULT NULL::character varying;
ALTER TABLE dct ALTER COLUMN h SET DEFAULT 3::smallint;
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'dct' AND column_name IN ('g', 'h') ORDER BY ordinal_position;
ALTER TABLE dct ADD COLUMN o text DEFAULT NULL::character varying;
SELECT pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = 'dct'::regclass AND a.attname = 'o';
