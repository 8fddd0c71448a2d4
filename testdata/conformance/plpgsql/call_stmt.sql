-- CALL inside PL/pgSQL: procedures run in the caller's transaction, and
-- INOUT parameters passed as variables (or record fields) receive the
-- procedure's values; anything else passed for one is an error.
CREATE TABLE call_log (v text);
CREATE PROCEDURE log_it(t text) LANGUAGE plpgsql AS $$ BEGIN INSERT INTO call_log VALUES (t); END $$;
CREATE PROCEDURE bump(INOUT a int, INOUT label text DEFAULT 'n') LANGUAGE plpgsql AS $$ BEGIN a := a + 1; label := label || a; END $$;
CREATE FUNCTION logs_then_counts() RETURNS bigint LANGUAGE plpgsql AS $$ BEGIN CALL log_it('from function'); RETURN (SELECT count(*) FROM call_log); END $$;
SELECT logs_then_counts();
DO $$ BEGIN CALL log_it('from do'); CALL public.log_it(t => 'named'); END $$;
SELECT v FROM call_log ORDER BY v;
DO $$ DECLARE x int := 1; l text := 'x'; BEGIN CALL bump(x, l); RAISE NOTICE 'x=% l=%', x, l; CALL bump(x, l); RAISE NOTICE 'x=% l=%', x, l; END $$;
DO $$ DECLARE x int := 10; l text := 'y'; BEGIN CALL bump(label => l, a => x); RAISE NOTICE 'x=% l=%', x, l; END $$;
DO $$ DECLARE r record; BEGIN SELECT 5 AS a, 'r' AS label INTO r; CALL bump(r.a, r.label); RAISE NOTICE 'r=%', r; END $$;
DO $$ DECLARE x int := 1; BEGIN CALL bump(x + 1); END $$;
DO $$ DECLARE l text := 'z'; BEGIN CALL bump(3, l); END $$;
DO $$ BEGIN CALL no_such_proc(1); END $$;
DO $$ BEGIN CALL logs_then_counts(); END $$;
CREATE PROCEDURE outer_proc() LANGUAGE plpgsql AS $$ BEGIN CALL log_it('nested'); END $$;
CALL outer_proc();
SELECT count(*) FROM call_log;
