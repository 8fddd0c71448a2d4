-- conformance: context
-- Two-phase commit with max_prepared_transactions = 0 (PostgreSQL's
-- default, and Supabase's), as psycopg2's tpc_prepare and
-- database/sql drivers meet it: PREPARE TRANSACTION ends the block,
-- rolling it back.
SHOW max_prepared_transactions;
PREPARE TRANSACTION 'outside';
BEGIN;
CREATE TABLE tp_a (id int);
INSERT INTO tp_a VALUES (1);
PREPARE TRANSACTION 'tx1';
SELECT to_regclass('tp_a') IS NULL AS rolled_back;
COMMIT PREPARED 'tx1';
ROLLBACK PREPARED 'tx1';
BEGIN;
COMMIT PREPARED 'tx1';
ROLLBACK;
BEGIN;
ROLLBACK PREPARED 'tx1';
ROLLBACK;
BEGIN;
SELECT 1 / 0;
PREPARE TRANSACTION 'tx2';
SELECT 1 AS after_failed_block;
BEGIN;
SELECT 1 / 0;
COMMIT PREPARED 'tx2';
ROLLBACK;
CREATE TABLE tp_b (id int);
BEGIN;
INSERT INTO tp_b VALUES (1);
SAVEPOINT s1;
INSERT INTO tp_b VALUES (2);
PREPARE TRANSACTION 'tx3';
SELECT count(*) FROM tp_b;
ROLLBACK;
-- psycopg2's tpc_recover
SELECT gid, prepared, owner, database FROM pg_prepared_xacts ORDER BY gid;
SELECT * FROM pg_prepared_xacts;
SELECT a.attname, format_type(a.atttypid, a.atttypmod)
  FROM pg_attribute a WHERE a.attrelid = 'pg_catalog.pg_prepared_xacts'::regclass AND a.attnum > 0 ORDER BY a.attnum;
SELECT relkind FROM pg_class WHERE oid = 'pg_prepared_xacts'::regclass;
