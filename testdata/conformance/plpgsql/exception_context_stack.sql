-- PG_EXCEPTION_CONTEXT and PG_CONTEXT list every frame on the stack:
-- the callers of the function handling the error too. Functions of a
-- schema off the search path are named with it.
CREATE SCHEMA ctx_other;
CREATE FUNCTION ctx_other.die() RETURNS void LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$;
CREATE FUNCTION ctx_other.inner1() RETURNS text LANGUAGE plpgsql AS $$ BEGIN EXECUTE 'SELECT ctx_other.die()'; RETURN 'x'; END $$;
CREATE FUNCTION catcher(int) RETURNS text LANGUAGE plpgsql AS $$
DECLARE c text;
BEGIN
  BEGIN
    PERFORM ctx_other.inner1();
  EXCEPTION WHEN others THEN
    GET STACKED DIAGNOSTICS c = PG_EXCEPTION_CONTEXT;
  END;
  RETURN c;
END $$;
SELECT catcher(1);
CREATE FUNCTION outer_pl() RETURNS text LANGUAGE plpgsql AS $$ BEGIN RETURN catcher(1); END $$;
SELECT outer_pl();
CREATE FUNCTION outer_sql() RETURNS SETOF text LANGUAGE sql AS $$ SELECT 1; SELECT * FROM (SELECT outer_pl()) s $$;
SELECT * FROM outer_sql();
CREATE FUNCTION outer_srf() RETURNS SETOF text LANGUAGE sql AS $$ SELECT outer_pl() $$;
SELECT * FROM outer_srf();
CREATE FUNCTION outer_loop() RETURNS text LANGUAGE plpgsql AS $$
DECLARE r record; out text;
BEGIN
  FOR r IN SELECT catcher(2) AS c LOOP
    out := r.c;
  END LOOP;
  RETURN out;
END $$;
SELECT outer_loop();
CREATE FUNCTION where_am_i() RETURNS text LANGUAGE plpgsql AS $$
DECLARE c text;
BEGIN
  GET DIAGNOSTICS c = PG_CONTEXT;
  RETURN c;
END $$;
SELECT where_am_i();
CREATE FUNCTION ctx_other.calls_where() RETURNS text LANGUAGE plpgsql AS $$
DECLARE c text;
BEGIN
  c := where_am_i();
  RETURN c;
END $$;
SELECT ctx_other.calls_where();
CREATE FUNCTION loop_dies() RETURNS text LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT ctx_other.inner1() AS v LOOP
    NULL;
  END LOOP;
  RETURN 'no';
END $$;
SELECT loop_dies();
