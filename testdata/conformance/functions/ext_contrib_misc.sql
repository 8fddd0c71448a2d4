-- unaccent, tablefunc's normal_rand, pg_stat_statements, btree_gin / btree_gist
CREATE EXTENSION unaccent;
SELECT unaccent('Hôtel Crème Brûlée'), unaccent('Łódź Straße Æsir'), unaccent('naïve café déjà vu'), unaccent('ÀÉÎÕÜ àéîõü ñÑçÇ');
SELECT unaccent('unaccent', 'Élan'), unaccent('plain ascii');
CREATE EXTENSION tablefunc;
SELECT count(*) FROM normal_rand(10, 5.0, 0.0);
SELECT min(x), max(x) FROM normal_rand(3, 5.0, 0.0) AS x;
CREATE EXTENSION pg_stat_statements;
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'pg_stat_statements'::regclass AND attnum > 0 ORDER BY attnum;
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'pg_stat_statements_info'::regclass AND attnum > 0 ORDER BY attnum;
CREATE EXTENSION btree_gin;
CREATE EXTENSION btree_gist;
CREATE TABLE nums (id int PRIMARY KEY, n int, t text);
CREATE INDEX nums_gin ON nums USING gin (n, t);
CREATE INDEX nums_gist ON nums USING gist (n);
SELECT extname FROM pg_extension WHERE extname IN ('btree_gin', 'btree_gist', 'unaccent', 'tablefunc', 'pg_stat_statements') ORDER BY extname;
