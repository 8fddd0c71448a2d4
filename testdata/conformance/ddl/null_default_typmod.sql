-- A DEFAULT NULL is kept (atthasdef, pg_attrdef, column_default) unless
-- it is a NULL of the column's exact type: an untyped NULL for a column
-- with a typmod or a domain type goes through a coercion and is stored.
CREATE DOMAIN nd_int AS int;
CREATE TABLE nd (
  a varchar(10) DEFAULT NULL,
  b nd_int DEFAULT NULL,
  c timestamp(3) DEFAULT NULL,
  d int DEFAULT NULL::int,
  f numeric(10,2) DEFAULT NULL::numeric,
  g numeric(10,2) DEFAULT NULL,
  h numeric DEFAULT NULL,
  i text DEFAULT NULL
);
SELECT a.attname, a.atthasdef, pg_get_expr(d.adbin, d.adrelid)
  FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
 WHERE a.attrelid = 'nd'::regclass AND a.attnum > 0 ORDER BY a.attnum;
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'nd' ORDER BY ordinal_position;
-- An explicit NULL::numeric(10,2) keeps its typmod in PostgreSQL's
-- stored expression; tinybase's stored NULL does not record the cast.
CREATE TABLE nd2 (e numeric(10,2) DEFAULT NULL::numeric(10,2));
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'nd2';
