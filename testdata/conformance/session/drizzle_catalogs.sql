-- catalogs drizzle-kit pull reads beyond the common ones
CREATE TABLE dz_t (id int PRIMARY KEY, name text);
CREATE INDEX dz_t_name ON dz_t (name);
SELECT indexrelname, relname, schemaname, idx_scan, idx_tup_read, idx_tup_fetch FROM pg_stat_user_indexes WHERE relname = 'dz_t' ORDER BY 1;
SELECT i.indexrelid = c.oid AS same FROM pg_stat_user_indexes i JOIN pg_class c ON c.relname = i.indexrelname WHERE i.relname = 'dz_t' ORDER BY i.indexrelname;
SELECT pg_tablespace_location(1663), pg_tablespace_location(1664);
