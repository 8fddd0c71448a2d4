-- pg_stat_statements counts each top-level statement that succeeds,
-- grouped by user and normalized query (constants as $n), with rows and
-- execution times; pg_stat_statements_reset clears all of it or one
-- query; roles without pg_read_all_stats see others' texts hidden.
CREATE EXTENSION pg_stat_statements;
SELECT pg_stat_statements_reset();
CREATE TABLE pss (id int PRIMARY KEY, v text);
INSERT INTO pss VALUES (1, 'a');
INSERT INTO pss VALUES (2, 'b');
INSERT INTO pss VALUES (3, 'c'), (4, 'd');
SELECT * FROM pss WHERE id = 1;
SELECT * FROM pss WHERE id = 2;
SELECT count(*) FROM pss;
UPDATE pss SET v = 'x' WHERE id > 2;
DELETE FROM pss WHERE id = 4;
SELECT v FROM pss WHERE v = 'x' AND id = 3 + 0;
SELECT * FROM pss WHERE id = 99;
INSERT INTO pss VALUES (1, 'dup');
SELECT query, calls, rows, total_exec_time > 0 AS timed, min_exec_time <= mean_exec_time AND mean_exec_time <= max_exec_time AS ordered,
  stddev_exec_time >= 0 AS sd, plans, shared_blks_hit >= 0 AS blks, wal_records >= 0 AS wal, toplevel
FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query ~* 'pss'
ORDER BY query;
SELECT dealloc, stats_reset IS NOT NULL AS has_reset FROM pg_stat_statements_info;
SELECT count(*) > 0 AS hidden FROM pg_stat_statements(false) WHERE query IS NULL AND query ~* 'pss';
SELECT count(*) FROM pg_stat_statements(false) WHERE query IS NOT NULL;
SELECT pg_stat_statements_reset(0, 0, (SELECT queryid FROM pg_stat_statements WHERE query = 'SELECT count(*) FROM pss'));
SELECT query, calls FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query ~* 'pss'
ORDER BY query;
CREATE ROLE pss_reader;
GRANT SELECT ON pss TO pss_reader;
SET ROLE pss_reader;
SELECT v FROM pss WHERE id = 1;
SELECT pg_stat_statements_reset();
SELECT query, calls, queryid IS NULL AS no_id FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query ~* 'pss'
ORDER BY query;
SELECT count(*) > 0 AS some, bool_and(queryid IS NULL) AS no_ids FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query = '<insufficient privilege>';
RESET ROLE;
DROP TABLE pss;
DROP ROLE pss_reader;
