-- LIMIT and OFFSET given by a routine's parameter, a PL/pgSQL variable or
-- an expression: read when the statement runs, coerced to bigint
CREATE TABLE contact (id int PRIMARY KEY, username text NOT NULL);
INSERT INTO contact SELECT g, 'user' || (g % 4) FROM generate_series(1, 12) g;
CREATE FUNCTION contacts_offset(v_limit integer DEFAULT 5, v_offset integer DEFAULT 0) RETURNS SETOF contact AS $$
SELECT * FROM contact ORDER BY username, id LIMIT v_limit OFFSET v_offset;
$$ LANGUAGE sql STABLE SET search_path = public;
SELECT * FROM contacts_offset();
SELECT * FROM contacts_offset(2, 3);
SELECT * FROM contacts_offset(v_offset => 10);
SELECT count(*) FROM contacts_offset(NULL);
SELECT * FROM contacts_offset(0);
SELECT * FROM contacts_offset(-1);
SELECT * FROM contacts_offset(1, -2);
SELECT c.id, x.id FROM contact c, LATERAL contacts_offset(c.id, 1) x WHERE c.id <= 3 ORDER BY 1, 2;
CREATE FUNCTION page(n bigint) RETURNS TABLE(id int) LANGUAGE sql AS $$ SELECT id FROM contact ORDER BY id DESC FETCH FIRST n ROWS ONLY $$;
SELECT * FROM page(3);
CREATE FUNCTION window_of(n int) RETURNS SETOF int LANGUAGE sql AS $$ SELECT id FROM contact WHERE id > 2 ORDER BY id LIMIT n - 1 OFFSET n * 2 $$;
SELECT * FROM window_of(3);
CREATE FUNCTION counted(n int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE c int := 0; r record;
BEGIN
  FOR i IN 1..n LOOP
    FOR r IN SELECT id FROM contact ORDER BY id LIMIT i LOOP
      c := c + 1;
    END LOOP;
  END LOOP;
  RETURN c;
END $$;
SELECT counted(4);
CREATE FUNCTION newest(k int) RETURNS SETOF int LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT id FROM contact ORDER BY id DESC LIMIT k OFFSET k;
END $$;
SELECT * FROM newest(2);
SELECT id FROM contact ORDER BY id LIMIT 1 + 1 OFFSET 2 * 2;
SELECT id FROM contact ORDER BY id DESC LIMIT 2.6;
SELECT id FROM contact ORDER BY id LIMIT '3';
SELECT id FROM contact ORDER BY username, id LIMIT length('abc') OFFSET abs(-1);
SELECT id FROM contact LIMIT id;
SELECT id FROM contact OFFSET id;
SELECT id FROM contact ORDER BY id LIMIT 'x' || '';
SELECT id FROM contact ORDER BY id LIMIT 2 - 3;
