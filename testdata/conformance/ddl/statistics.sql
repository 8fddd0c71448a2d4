-- CREATE / ALTER / DROP STATISTICS: pg_statistic_ext rows, pg_get_statisticsobjdef, PostgreSQL's errors
CREATE TABLE st (a int, b text, c int, d int);
CREATE VIEW stv AS SELECT a, b FROM st;
CREATE STATISTICS s1 (dependencies) ON b, a FROM st;
CREATE STATISTICS s2 (ndistinct, mcv) ON a, c FROM st;
CREATE STATISTICS s3 ON a, (d + 1) FROM st;
CREATE STATISTICS s4 ON (a + d) FROM public.st;
CREATE STATISTICS s6 (ndistinct, dependencies, mcv) ON c, d FROM st;
SELECT stxname, stxnamespace::regnamespace, stxrelid::regclass, stxstattarget, array_length(stxkeys, 1), stxkind, stxexprs IS NULL
  FROM pg_statistic_ext ORDER BY 1;
SELECT stxname, pg_get_statisticsobjdef(oid) FROM pg_statistic_ext ORDER BY 1;
SELECT s.stxname, a.attname FROM pg_statistic_ext s JOIN pg_attribute a ON a.attrelid = s.stxrelid AND a.attnum = ANY (s.stxkeys)
  WHERE s.stxname = 's1' ORDER BY a.attnum;
CREATE STATISTICS s1 ON a, b FROM st;
CREATE STATISTICS IF NOT EXISTS s1 ON a, b FROM st;
CREATE STATISTICS s5 ON a FROM st;
CREATE STATISTICS s5 ON a, nope FROM st;
CREATE STATISTICS s5 ON a, a FROM st;
CREATE STATISTICS s5 (foo) ON a, b FROM st;
CREATE STATISTICS s5 ON a, b FROM stv;
CREATE STATISTICS s5 ON a, b FROM st, stv;
CREATE STATISTICS s5 ON a, b FROM nope;
CREATE STATISTICS nope.s5 ON a, b FROM st;
ALTER STATISTICS s1 SET STATISTICS 100;
ALTER STATISTICS nope SET STATISTICS 100;
ALTER STATISTICS IF EXISTS nope SET STATISTICS 100;
ALTER STATISTICS s1 RENAME TO s2;
ALTER STATISTICS s1 RENAME TO s1r;
ALTER STATISTICS s1r OWNER TO nobody_here;
CREATE ROLE stats_owner;
ALTER STATISTICS s1r OWNER TO stats_owner;
CREATE SCHEMA ss;
ALTER STATISTICS s1r SET SCHEMA ss;
ALTER STATISTICS s1r SET SCHEMA ss;
SELECT stxname, stxnamespace::regnamespace, stxstattarget, pg_get_userbyid(stxowner) FROM pg_statistic_ext ORDER BY 1;
SELECT pg_get_statisticsobjdef(oid) FROM pg_statistic_ext WHERE stxname = 's1r';
DROP STATISTICS nope;
DROP STATISTICS IF EXISTS nope;
DROP STATISTICS ss.s1r;
-- a dropped column takes its statistics objects; renames follow
DROP VIEW stv;
ALTER TABLE st DROP COLUMN c;
SELECT stxname FROM pg_statistic_ext ORDER BY 1;
ALTER TABLE st RENAME COLUMN a TO aa;
ALTER TABLE st RENAME TO st2;
SELECT stxname, stxrelid::regclass, pg_get_statisticsobjdef(oid) FROM pg_statistic_ext WHERE stxname <> 's4' ORDER BY 1;
DROP TABLE st2;
SELECT count(*) FROM pg_statistic_ext;
DROP ROLE stats_owner;
