-- CREATE CAST / DROP CAST / COMMENT ON CAST and the casts in use:
-- explicit (:: and CAST), assignment (INSERT / UPDATE into a column) and
-- implicit (function and operator arguments), by function, WITH INOUT
-- and WITHOUT FUNCTION; pg_cast and pg_depend rows; dependencies of
-- DROP FUNCTION / DROP TYPE.
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TYPE pair AS (a int, b int);

-- text to an enum through its I/O functions, implicitly
CREATE CAST (text AS mood) WITH INOUT AS IMPLICIT;
CREATE CAST (varchar AS mood) WITH INOUT AS ASSIGNMENT;
SELECT castcontext, castmethod, castfunc = 0 AS nofunc FROM pg_cast
 WHERE castsource = 'text'::regtype AND casttarget = 'mood'::regtype;
SELECT castcontext, castmethod FROM pg_cast
 WHERE castsource = 'varchar'::regtype AND casttarget = 'mood'::regtype;
CREATE TABLE person (name text, current mood);
CREATE FUNCTION mood_rank(m mood) RETURNS int LANGUAGE sql IMMUTABLE
  AS $$ SELECT array_position(enum_range(NULL::mood), m) $$;
INSERT INTO person VALUES ('a', 'happy'::text);
INSERT INTO person VALUES ('b', 'ok'::varchar);
INSERT INTO person SELECT 'c', 'sad'::text;
UPDATE person SET current = 'ok'::text WHERE name = 'c';
SELECT name, current FROM person ORDER BY name;
SELECT mood_rank('happy'::text);
SELECT mood_rank(t) FROM (VALUES ('sad'::text)) v(t);
SELECT mood_rank('ok'::varchar);
SELECT current = 'happy'::text AS is_happy FROM person ORDER BY name;
SELECT 'ok'::text::mood, CAST('sad'::varchar AS mood);
SELECT 'nope'::text::mood;

-- a cast by function, explicit only
CREATE FUNCTION pair_to_text(p pair) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT p.a || '/' || p.b $$;
CREATE CAST (pair AS text) WITH FUNCTION pair_to_text(pair);
SELECT castcontext, castmethod, castfunc = 'pair_to_text(pair)'::regprocedure AS byfunc
  FROM pg_cast WHERE castsource = 'pair'::regtype AND casttarget = 'text'::regtype;
SELECT ROW(1, 2)::pair::text, CAST(ROW(3, 4)::pair AS text);
SELECT length(ROW(1, 2)::pair);
CREATE TABLE pair_texts (t text);
INSERT INTO pair_texts SELECT ROW(5, 6)::pair;

-- as assignment: INSERT takes it, a function argument does not
CREATE FUNCTION int_to_pair(i int) RETURNS pair LANGUAGE sql IMMUTABLE
  AS $$ SELECT ROW(i, i * 2)::pair $$;
CREATE CAST (int AS pair) WITH FUNCTION int_to_pair(int) AS ASSIGNMENT;
CREATE TABLE pairs (p pair);
INSERT INTO pairs VALUES (7);
INSERT INTO pairs SELECT 8;
SELECT (p).a, (p).b FROM pairs ORDER BY 1;
UPDATE pairs SET p = 9 WHERE (p).a = 8;
SELECT (p).a, (p).b FROM pairs ORDER BY 1;
SELECT 10::pair;
CREATE FUNCTION pair_sum(p pair) RETURNS int LANGUAGE sql AS $$ SELECT p.a + p.b $$;
SELECT pair_sum(11);
SELECT pair_sum(11::pair);

-- as implicit: function arguments take it
DROP CAST (int AS pair);
CREATE CAST (int AS pair) WITH FUNCTION int_to_pair(int) AS IMPLICIT;
SELECT pair_sum(12);
CREATE FUNCTION pair_eq(x pair, y pair) RETURNS bool LANGUAGE sql AS $$ SELECT x.a = y.a AND x.b = y.b $$;
CREATE OPERATOR === (LEFTARG = pair, RIGHTARG = pair, FUNCTION = pair_eq);
SELECT ROW(12, 24)::pair === 12 AS l, 12 === ROW(12, 24)::pair AS r, ROW(1, 1)::pair === 1 AS f;
CREATE TYPE lvl AS ENUM ('lo', 'hi');
CREATE FUNCTION lvl_int(l lvl) RETURNS int LANGUAGE sql AS $$ SELECT CASE l::text WHEN 'lo' THEN 1 ELSE 10 END $$;
CREATE CAST (lvl AS int) WITH FUNCTION lvl_int(lvl) AS IMPLICIT;
SELECT 'hi'::lvl + 1 AS plus, abs('lo'::lvl) AS fn;
SELECT 'hi'::lvl UNION SELECT 'lo'::lvl ORDER BY 1;
DROP CAST (lvl AS int);
DROP FUNCTION lvl_int(lvl);
DROP TYPE lvl;

-- a domain's casts are ignored (WARNING)
CREATE DOMAIN short_text AS text CHECK (length(VALUE) < 5);
CREATE FUNCTION short(t short_text) RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;
CREATE CAST (short_text AS int) WITH FUNCTION short(short_text);
CREATE CAST (int AS short_text) WITH INOUT;
SELECT count(*) FROM pg_cast WHERE castsource = 'short_text'::regtype OR casttarget = 'short_text'::regtype;

-- WITHOUT FUNCTION between types of one representation
CREATE TYPE flag AS ENUM ('x');
CREATE DOMAIN d_int AS int;
CREATE CAST (int4 AS oid) WITHOUT FUNCTION;

-- comments
COMMENT ON CAST (text AS mood) IS 'text to mood';
SELECT obj_description(oid, 'pg_cast') FROM pg_cast
 WHERE castsource = 'text'::regtype AND casttarget = 'mood'::regtype;
COMMENT ON CAST (text AS mood) IS NULL;
SELECT obj_description(oid, 'pg_cast') FROM pg_cast
 WHERE castsource = 'text'::regtype AND casttarget = 'mood'::regtype;
COMMENT ON CAST (int AS mood) IS 'none';

-- dependencies
SELECT pg_describe_object(classid, objid, objsubid) AS obj, pg_describe_object(refclassid, refobjid, refobjsubid) AS ref, deptype
  FROM pg_depend WHERE classid = 'pg_cast'::regclass
   AND objid IN (SELECT oid FROM pg_cast WHERE castsource IN ('pair'::regtype, 'int'::regtype) AND casttarget IN ('pair'::regtype, 'text'::regtype))
 ORDER BY 1, 2;
DROP FUNCTION pair_to_text(pair);
DROP TYPE mood;
DROP FUNCTION int_to_pair(int) CASCADE;
SELECT count(*) FROM pg_cast WHERE castsource = 'int'::regtype AND casttarget = 'pair'::regtype;
SELECT pair_sum(13);
DROP FUNCTION mood_rank(mood);
DROP TABLE person;
SELECT count(*) FROM pg_cast WHERE casttarget = 'mood'::regtype;
DROP TYPE mood CASCADE;
SELECT count(*) FROM pg_cast WHERE castsource = 'text'::regtype AND casttarget = 'varchar'::regtype;

-- DROP CAST
DROP CAST (pair AS text);
SELECT ROW(1, 2)::pair::text;
DROP CAST (pair AS text);
DROP CAST IF EXISTS (pair AS text);
DROP CAST IF EXISTS (nosuch AS text);
DROP CAST (nosuch AS text);
CREATE CAST (pair AS text) WITH FUNCTION pair_to_text(pair) AS ASSIGNMENT;
DROP CAST (pair AS text) RESTRICT;
DROP FUNCTION pair_sum(pair);
DROP FUNCTION pair_to_text(pair);
DROP TABLE pairs;
CREATE CAST (pair AS text) WITH INOUT;
SELECT ROW(1, 2)::pair::text;
DROP TYPE pair;
CREATE TYPE solo AS ENUM ('s');
CREATE CAST (solo AS text) WITH INOUT AS IMPLICIT;
SELECT length('s'::solo);
DROP TYPE solo;
DROP TYPE solo CASCADE;
SELECT count(*) FROM pg_cast c JOIN pg_type t ON t.oid IN (c.castsource, c.casttarget) WHERE t.typname = 'solo';

-- a SQL function's result takes an assignment cast
CREATE TYPE tone AS ENUM ('low', 'high');
CREATE CAST (text AS tone) WITH INOUT AS ASSIGNMENT;
CREATE FUNCTION pick_tone(t text) RETURNS tone LANGUAGE sql AS $$ SELECT t $$;
SELECT pick_tone('high');
CREATE FUNCTION pick_tone2(t text) RETURNS tone LANGUAGE plpgsql AS $$ DECLARE r tone; BEGIN r := t; RETURN t; END $$;
SELECT pick_tone2('low');
SELECT pick_tone('nope');

-- arrays convert element by element through the element types' cast
SELECT ARRAY['low', 'high']::text[]::tone[];
CREATE TABLE tones (ts tone[]);
INSERT INTO tones VALUES (ARRAY['high']::text[]);
INSERT INTO tones SELECT ARRAY['low', NULL]::text[];
SELECT ts FROM tones ORDER BY ts[1];
CREATE FUNCTION tones_len(ts tone[]) RETURNS int LANGUAGE sql AS $$ SELECT cardinality(ts) $$;
SELECT tones_len(ARRAY['low']::text[]);
SELECT ARRAY['x']::text[]::tone[];

-- ALTER COLUMN TYPE converts the rows with the assignment cast
CREATE TYPE grade AS ENUM ('low', 'mid', 'top');
CREATE FUNCTION grade_of(n int) RETURNS grade LANGUAGE sql IMMUTABLE AS $$ SELECT (enum_range(NULL::grade))[n] $$;
CREATE CAST (int AS grade) WITH FUNCTION grade_of(int) AS ASSIGNMENT;
CREATE TABLE scores (id int PRIMARY KEY, g int);
INSERT INTO scores VALUES (1, 3), (2, 1);
ALTER TABLE scores ALTER COLUMN g TYPE grade;
SELECT id, g FROM scores ORDER BY id;
