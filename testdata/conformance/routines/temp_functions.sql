-- Functions created in pg_temp live in the session's temporary schema and
-- are called by that name, as pg_dump-era migrations do for a helper they
-- need once (CREATE FUNCTION pg_temp.f ...; SELECT pg_temp.f(...))
CREATE OR REPLACE FUNCTION pg_temp.twice(x int) RETURNS int LANGUAGE sql AS $$ SELECT x * 2 $$;
SELECT pg_temp.twice(21);
CREATE OR REPLACE FUNCTION pg_temp.twice(x int) RETURNS int LANGUAGE sql AS $$ SELECT x * 3 $$;
SELECT pg_temp.twice(21);
CREATE FUNCTION pg_temp.exec_ddl(p_sql text, p_attempts integer DEFAULT 3) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1..p_attempts LOOP
    BEGIN
      EXECUTE p_sql;
      RETURN;
    EXCEPTION WHEN lock_not_available THEN
      PERFORM pg_sleep(0);
    END;
  END LOOP;
END $$;
SELECT pg_temp.exec_ddl($ddl$ CREATE TABLE made_by_temp (a int) $ddl$);
SELECT count(*) FROM made_by_temp;
SELECT n.nspname LIKE 'pg_temp%', p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE p.proname IN ('twice', 'exec_ddl') ORDER BY 2;
COMMENT ON FUNCTION pg_temp.twice(int) IS 'temporary';
DROP FUNCTION pg_temp.twice(int);
SELECT count(*) FROM pg_proc WHERE proname = 'twice';
DROP FUNCTION pg_temp.exec_ddl(text, integer);
