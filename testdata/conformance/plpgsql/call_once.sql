-- A function called with a subquery argument runs once per row, and
-- dynamic SQL can EXECUTE a statement prepared with PREPARE (pgTAP's
-- results_eq('name', ...) does both).
CREATE TABLE calls (n int);
CREATE FUNCTION note_call(b boolean) RETURNS int LANGUAGE plpgsql AS $$ BEGIN INSERT INTO calls VALUES (1); RETURN 1; END $$;
SELECT note_call((SELECT true));
SELECT note_call(EXISTS (SELECT 1));
SELECT note_call((SELECT true)) + 1 AS two;
SELECT count(*) FROM calls;
PREPARE two_rows AS SELECT 1 AS x UNION ALL SELECT 2;
CREATE FUNCTION first_prepared(stmt text) RETURNS int LANGUAGE plpgsql AS $$
DECLARE n int;
BEGIN
  EXECUTE 'EXECUTE ' || stmt INTO n;
  RETURN n;
END $$;
SELECT first_prepared('two_rows');
SELECT first_prepared('missing');
