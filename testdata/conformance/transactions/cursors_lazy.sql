-- conformance: ordered
-- A cursor's query runs when it is first fetched from, not at DECLARE,
-- and runs once.
CREATE TABLE calls (n int);
CREATE FUNCTION note_call() RETURNS SETOF int LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calls VALUES (1);
  RETURN NEXT 1;
  RETURN NEXT 2;
END $$;
BEGIN;
DECLARE c CURSOR FOR SELECT * FROM note_call() AS x;
SELECT count(*) FROM calls;
FETCH c;
SELECT count(*) FROM calls;
FETCH c;
SELECT count(*) FROM calls;
ROLLBACK;
CREATE FUNCTION fetch_all(name text) RETURNS SETOF int LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY EXECUTE 'FETCH ALL FROM ' || quote_ident(name);
END $$;
CREATE FUNCTION fetch_one(name text) RETURNS int LANGUAGE plpgsql AS $$
DECLARE v int;
BEGIN
  EXECUTE 'FETCH NEXT FROM ' || quote_ident(name) INTO v;
  RETURN v;
END $$;
BEGIN;
DECLARE d CURSOR FOR SELECT g FROM generate_series(1, 4) g;
FETCH d;
SELECT * FROM fetch_all('d');
FETCH d;
ROLLBACK;
BEGIN;
DECLARE e CURSOR FOR SELECT g FROM generate_series(1, 4) g;
SELECT fetch_one('e');
FETCH e;
SELECT fetch_one('missing');
ROLLBACK;
