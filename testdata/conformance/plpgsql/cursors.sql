-- PL/pgSQL cursors (PostgreSQL docs 43.7): refcursor variables, OPEN FOR
-- query and FOR EXECUTE, bound cursors with arguments, FETCH INTO with
-- FOUND, MOVE, CLOSE, cursor FOR loops, and a refcursor returned to SQL.
CREATE TABLE items (id int PRIMARY KEY, name text);
INSERT INTO items VALUES (1, 'a'), (2, 'b'), (3, 'c');
CREATE FUNCTION open_items() RETURNS refcursor LANGUAGE plpgsql AS $$
DECLARE r refcursor;
BEGIN
  OPEN r FOR SELECT id, name FROM items ORDER BY id;
  RETURN r;
END $$;
BEGIN;
SELECT open_items();
FETCH ALL FROM "<unnamed portal 1>";
SELECT open_items();
FETCH 1 FROM "<unnamed portal 2>";
ROLLBACK;
CREATE FUNCTION open_named(r refcursor, above int) RETURNS refcursor LANGUAGE plpgsql AS $$
BEGIN
  OPEN r FOR EXECUTE 'SELECT id FROM items WHERE id > $1 ORDER BY id' USING above;
  RETURN r;
END $$;
BEGIN;
SELECT open_named('mine', 1);
FETCH NEXT FROM mine;
FETCH ALL IN mine;
SELECT open_named('mine', 0);
ROLLBACK;
CREATE FUNCTION walk(lo_id int) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  c CURSOR (lo int) FOR SELECT id, name FROM items WHERE id >= lo ORDER BY id;
  v_id int;
  v_name text;
  acc text := '';
BEGIN
  OPEN c(lo_id);
  LOOP
    FETCH c INTO v_id, v_name;
    EXIT WHEN NOT FOUND;
    acc := acc || v_id || v_name || ';';
  END LOOP;
  CLOSE c;
  RETURN acc;
END $$;
SELECT walk(1), walk(2), walk(9);
CREATE FUNCTION scroll_about() RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  r refcursor;
  rec record;
  acc text := '';
BEGIN
  OPEN r SCROLL FOR SELECT id FROM items ORDER BY id;
  FETCH LAST FROM r INTO rec;
  acc := acc || rec.id;
  FETCH PRIOR FROM r INTO rec;
  acc := acc || rec.id;
  FETCH ABSOLUTE 1 FROM r INTO rec;
  acc := acc || rec.id;
  MOVE FORWARD 1 FROM r;
  acc := acc || found;
  FETCH r INTO rec;
  acc := acc || rec.id;
  FETCH RELATIVE -2 FROM r INTO rec;
  acc := acc || rec.id;
  MOVE FORWARD 5 IN r;
  acc := acc || found;
  FETCH r INTO rec;
  acc := acc || found || coalesce(rec.id::text, 'null');
  CLOSE r;
  RETURN acc;
END $$;
SELECT scroll_about();
CREATE FUNCTION loop_sum() RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  c CURSOR FOR SELECT id FROM items;
  d CURSOR (n int) FOR SELECT id FROM items WHERE id <> n;
  total int := 0;
BEGIN
  FOR rec IN c LOOP
    total := total + rec.id;
  END LOOP;
  FOR r2 IN d(2) LOOP
    total := total + 10 * r2.id;
  END LOOP;
  RETURN total;
END $$;
SELECT loop_sum();
CREATE FUNCTION fetch_null() RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  r refcursor;
  x int;
BEGIN
  FETCH r INTO x;
  RETURN x;
END $$;
SELECT fetch_null();
CREATE FUNCTION close_missing() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r refcursor := 'nope';
BEGIN
  CLOSE r;
END $$;
SELECT close_missing();
CREATE FUNCTION no_scroll() RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  r refcursor;
  x int;
BEGIN
  OPEN r NO SCROLL FOR SELECT id FROM items ORDER BY id;
  FETCH r INTO x;
  FETCH PRIOR FROM r INTO x;
  RETURN x;
END $$;
SELECT no_scroll();
