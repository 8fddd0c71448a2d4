-- A DO block run by EXECUTE inside a function: the function's later
-- statements still run (the nested DO must not end the caller's
-- statement context).
CREATE TABLE log (n int);
CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'DO $d$ BEGIN INSERT INTO log VALUES (1); END $d$';
  INSERT INTO log VALUES (2);
  EXECUTE 'DO $d$ BEGIN IF NOT EXISTS (SELECT 1 FROM log WHERE n = 3) THEN INSERT INTO log VALUES (3); END IF; END $d$';
  RETURN (SELECT count(*) FROM log);
END
$$;
SELECT f();
DO $$ BEGIN PERFORM f(); END $$;
SELECT n, count(*) FROM log GROUP BY n ORDER BY n;
