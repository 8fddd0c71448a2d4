-- CREATE CAST's checks, in PostgreSQL's order, and its privileges.
CREATE TYPE color AS ENUM ('red', 'blue');
CREATE TYPE pt AS (x int, y int);
CREATE FUNCTION color_of(t text) RETURNS color LANGUAGE sql AS $$ SELECT CASE WHEN t = 'blue' THEN 'blue'::color ELSE 'red'::color END $$;
CREATE FUNCTION no_args() RETURNS color LANGUAGE sql AS $$ SELECT 'red'::color $$;
CREATE FUNCTION four(a text, b int, c bool, d int) RETURNS color LANGUAGE sql AS $$ SELECT 'red'::color $$;
CREATE FUNCTION bad_second(a text, b text) RETURNS color LANGUAGE sql AS $$ SELECT 'red'::color $$;
CREATE FUNCTION bad_third(a text, b int, c int) RETURNS color LANGUAGE sql AS $$ SELECT 'red'::color $$;
CREATE FUNCTION with_mod(a text, b int, c bool) RETURNS color LANGUAGE sql AS $$ SELECT 'red'::color $$;
CREATE FUNCTION int_color(i int) RETURNS color LANGUAGE sql AS $$ SELECT 'red'::color $$;
CREATE FUNCTION text_text(t text) RETURNS text LANGUAGE sql AS $$ SELECT t $$;
CREATE FUNCTION color_set(t text) RETURNS SETOF color LANGUAGE sql AS $$ SELECT 'red'::color $$;
CREATE PROCEDURE color_proc(t text) LANGUAGE sql AS $$ SELECT 1 $$;
CREATE FUNCTION color_vol(t varchar) RETURNS color LANGUAGE sql VOLATILE AS $$ SELECT CASE WHEN t = 'red' THEN 'red'::color ELSE 'blue'::color END $$;

CREATE CAST (nosuch AS color) WITH INOUT;
CREATE CAST (text AS nosuch) WITH INOUT;
CREATE CAST (anyelement AS color) WITH INOUT;
CREATE CAST (text AS anyelement) WITH INOUT;
CREATE CAST (text AS color) WITH FUNCTION nosuch(text);
CREATE CAST (text AS color) WITH FUNCTION color_of(int);
CREATE CAST (text AS color) WITH FUNCTION no_args();
CREATE CAST (text AS color) WITH FUNCTION four(text, int, bool, int);
CREATE CAST (int AS color) WITH FUNCTION color_of(text);
CREATE CAST (text AS color) WITH FUNCTION bad_second(text, text);
CREATE CAST (text AS color) WITH FUNCTION bad_third(text, int, int);
CREATE CAST (text AS pt) WITH FUNCTION color_of(text);
CREATE CAST (text AS color) WITH FUNCTION color_set(text);
CREATE CAST (text AS color) WITH FUNCTION color_proc(text);
CREATE CAST (color AS color) WITH INOUT;
CREATE CAST (text AS text) WITH FUNCTION text_text(text);
CREATE CAST (pt AS int8) WITHOUT FUNCTION;
CREATE CAST (color AS oid) WITHOUT FUNCTION;
CREATE CAST (int4[] AS int8) WITHOUT FUNCTION;
CREATE CAST (int4 AS int8) WITHOUT FUNCTION;
CREATE CAST (int4 AS int8) WITH INOUT;
-- binary-coercible argument (varchar to text) and a volatile function
CREATE CAST (varchar AS color) WITH FUNCTION color_of(text);
CREATE CAST (text AS color) WITH FUNCTION color_vol(varchar);
CREATE CAST (varchar AS color) WITH INOUT;
CREATE CAST (int AS color) WITH FUNCTION int_color(int) AS ASSIGNMENT;
SELECT castsource::regtype, casttarget::regtype, castcontext, castmethod FROM pg_cast
 WHERE casttarget = 'color'::regtype ORDER BY 1::text;
SELECT 'blue'::varchar::color, 'red'::text::color, 'x'::text::color, 5::color;
CREATE TABLE paint (c color);
INSERT INTO paint VALUES (5);
INSERT INTO paint VALUES ('blue'::text);
SELECT c FROM paint ORDER BY c;
DROP TABLE paint;

-- ownership: a role owning neither type
CREATE ROLE rls_t_cast_other;
GRANT ALL ON SCHEMA public TO rls_t_cast_other;
SET ROLE rls_t_cast_other;
CREATE TYPE other_kind AS ENUM ('k');
CREATE CAST (bytea AS color) WITH INOUT;
CREATE CAST (bytea AS other_kind) WITH INOUT;
CREATE CAST (int8 AS other_kind) WITHOUT FUNCTION;
DROP CAST (text AS color);
COMMENT ON CAST (text AS color) IS 'x';
DROP CAST (bytea AS other_kind);
DROP TYPE other_kind;
RESET ROLE;
REVOKE ALL ON SCHEMA public FROM rls_t_cast_other;
DROP ROLE rls_t_cast_other;
DROP CAST (text AS color);
DROP CAST (varchar AS color);
DROP CAST (int AS color);
DROP FUNCTION int_color(int);
