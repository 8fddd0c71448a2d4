-- ALTER TABLE ... ALTER COLUMN ... SET STATISTICS (pg_attribute.attstattarget),
-- on an index's expression columns by number or name, SET / RESET of
-- attribute options (attoptions), with PostgreSQL's checks; attislocal
-- and attinhcount of inheritance children and partitions
CREATE TABLE st (a int, b text, c int);
CREATE INDEX st_expr ON st (a, lower(b), (c + 1));
CREATE TABLE stc (d int) INHERITS (st);
ALTER TABLE st ALTER COLUMN a SET STATISTICS 20000;
ALTER TABLE st ALTER COLUMN a SET STATISTICS -2;
SELECT attrelid::regclass::text, attname, attstattarget FROM pg_attribute WHERE attrelid IN ('st'::regclass, 'stc'::regclass) AND attnum > 0 ORDER BY 1, attnum;
ALTER TABLE st ALTER COLUMN a SET STATISTICS -1;
ALTER TABLE st ALTER COLUMN b SET STATISTICS 0;
ALTER TABLE st ALTER COLUMN nosuch SET STATISTICS 5;
ALTER TABLE st ALTER COLUMN ctid SET STATISTICS 5;
ALTER TABLE ONLY st ALTER COLUMN c SET STATISTICS 7;
ALTER TABLE IF EXISTS nosuch ALTER COLUMN a SET STATISTICS 5;
SELECT attrelid::regclass::text, attname, attstattarget, attislocal, attinhcount FROM pg_attribute WHERE attrelid IN ('st'::regclass, 'stc'::regclass, 'st_expr'::regclass) AND attnum > 0 ORDER BY 1, attnum;
ALTER INDEX st_expr ALTER COLUMN 1 SET STATISTICS 5;
ALTER INDEX st_expr ALTER COLUMN 2 SET STATISTICS 50;
ALTER INDEX st_expr ALTER COLUMN 4 SET STATISTICS 5;
ALTER INDEX st_expr ALTER COLUMN a SET STATISTICS 5;
ALTER INDEX st_expr ALTER COLUMN expr SET STATISTICS 5;
ALTER TABLE st_expr ALTER COLUMN 3 SET STATISTICS 60;
ALTER INDEX st ALTER COLUMN 1 SET STATISTICS 5;
ALTER TABLE st ALTER COLUMN 1 SET STATISTICS 5;
ALTER INDEX st_expr ALTER COLUMN 2 SET STATISTICS 20000;
SELECT attname, attstattarget FROM pg_attribute WHERE attrelid = 'st_expr'::regclass ORDER BY attnum;
CREATE VIEW stv AS SELECT * FROM st;
ALTER TABLE stv ALTER COLUMN a SET STATISTICS 5;
ALTER TABLE st ALTER COLUMN a SET (n_distinct = 5, n_distinct_inherited = -0.5);
ALTER TABLE st ALTER COLUMN a SET (n_distinct = -2);
ALTER TABLE st ALTER COLUMN a SET (foo = 1);
ALTER TABLE st ALTER COLUMN a SET (n_distinct = 'abc');
SELECT attname, attoptions FROM pg_attribute WHERE attrelid = 'st'::regclass AND attnum > 0 ORDER BY attnum;
ALTER TABLE st ALTER COLUMN b RESET (n_distinct);
ALTER TABLE st ALTER COLUMN a RESET (n_distinct);
ALTER TABLE st ALTER COLUMN c SET (n_distinct = 0.25);
SELECT attrelid::regclass::text, attname, attoptions FROM pg_attribute WHERE attrelid IN ('st'::regclass, 'stc'::regclass) AND attnum > 0 ORDER BY 1, attnum;
ALTER TABLE st RENAME COLUMN a TO a2;
ALTER INDEX st_expr RENAME TO st_expr2;
ALTER TABLE st RENAME TO st2;
SELECT attrelid::regclass::text, attname, attstattarget, attoptions FROM pg_attribute WHERE attrelid IN ('st2'::regclass, 'st_expr2'::regclass) AND attnum > 0 AND (attstattarget <> -1 OR attoptions IS NOT NULL) ORDER BY 1, attnum;
BEGIN;
ALTER TABLE st2 ALTER COLUMN c SET STATISTICS 99;
ALTER TABLE st2 ALTER COLUMN b SET (n_distinct = 3);
ROLLBACK;
SELECT attname, attstattarget, attoptions FROM pg_attribute WHERE attrelid = 'st2'::regclass AND attnum > 0 ORDER BY attnum;
-- partitions: the statistics target reaches every partition, as pg_dump
-- writes it for each one
CREATE TABLE ev (id bigint NOT NULL, at date NOT NULL, kind text) PARTITION BY RANGE (at);
CREATE TABLE ev_2023 PARTITION OF ev FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE ev_2024 (id bigint NOT NULL, at date NOT NULL, kind text);
ALTER TABLE ev ALTER COLUMN kind SET STATISTICS 300;
ALTER TABLE ONLY ev_2024 ALTER COLUMN kind SET STATISTICS 300;
ALTER TABLE ONLY ev ATTACH PARTITION ev_2024 FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
SELECT attrelid::regclass::text, attname, attstattarget, attislocal, attinhcount FROM pg_attribute WHERE attrelid::regclass::text LIKE 'ev%' AND attnum > 0 ORDER BY 1, attnum;
DROP TABLE st2 CASCADE;
CREATE TABLE st2 (a2 int, b text, c int);
SELECT attname, attstattarget, attoptions FROM pg_attribute WHERE attrelid = 'st2'::regclass AND attnum > 0 ORDER BY attnum;
-- a dropped column's settings go with it
ALTER TABLE st2 ALTER COLUMN c SET STATISTICS 42;
ALTER TABLE st2 ALTER COLUMN c SET (n_distinct = 2);
ALTER TABLE st2 DROP COLUMN c;
ALTER TABLE st2 ADD COLUMN c int;
SELECT attname, attstattarget, attoptions FROM pg_attribute WHERE attrelid = 'st2'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum;
