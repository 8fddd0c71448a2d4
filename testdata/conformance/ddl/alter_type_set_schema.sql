-- ALTER TYPE ... SET SCHEMA (enum, composite) and ALTER DOMAIN ... SET
-- SCHEMA: the type keeps its OID, so columns and functions using it keep
-- working, its array type follows and pg_type.typnamespace changes;
-- PostgreSQL's errors for a missing type or schema, a name taken in the
-- target, an array type, a table's row type, a non-domain, temporary
-- schemas.
CREATE SCHEMA s2;
CREATE TYPE mood AS ENUM ('sad', 'happy');
CREATE TYPE pair AS (x int, y text);
CREATE DOMAIN posint AS int CHECK (VALUE > 0);
CREATE TABLE t (id int PRIMARY KEY, m mood, p pair, n posint, ms mood[]);
INSERT INTO t VALUES (1, 'sad', row(1, 'a'), 5, '{happy}');
CREATE FUNCTION cheer(mood) RETURNS mood LANGUAGE sql AS $$ SELECT 'happy'::mood $$;
ALTER TYPE mood SET SCHEMA s2;
ALTER TYPE pair SET SCHEMA s2;
ALTER DOMAIN posint SET SCHEMA s2;
SELECT t.typname, n.nspname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
WHERE t.typname IN ('mood', '_mood', 'pair', '_pair', 'posint') ORDER BY 1;
SELECT id, m, p, n, ms FROM t;
INSERT INTO t VALUES (2, 'happy', row(2, 'b'), 7, '{sad}');
INSERT INTO t VALUES (3, 'meh', NULL, NULL, NULL);
INSERT INTO t VALUES (4, NULL, NULL, -1, NULL);
SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 't'::regclass AND attnum > 0 ORDER BY attnum;
SELECT pg_get_function_identity_arguments('cheer'::regproc), pg_get_function_result('cheer'::regproc);
SELECT cheer('sad'::s2.mood);
SELECT 'happy'::s2.mood, '(3,c)'::s2.pair, 4::s2.posint;
SELECT 'happy'::mood;
ALTER TYPE mood SET SCHEMA public;
ALTER TYPE s2.mood SET SCHEMA nosuch;
ALTER TYPE s2.mood SET SCHEMA s2;
CREATE TYPE mood AS ENUM ('x');
ALTER TYPE s2.mood SET SCHEMA public;
ALTER TYPE s2._mood SET SCHEMA public;
ALTER TYPE t SET SCHEMA s2;
ALTER DOMAIN s2.mood SET SCHEMA public;
ALTER TYPE s2.mood SET SCHEMA pg_temp;
ALTER DOMAIN s2.posint RENAME TO positive;
ALTER DOMAIN public.mood RENAME TO feeling;
ALTER TYPE s2.pair OWNER TO postgres;
DROP TYPE public.mood;
ALTER TYPE s2.mood SET SCHEMA public;
SELECT id, m FROM t ORDER BY id;
SELECT t.typname, n.nspname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
WHERE t.typname IN ('mood', '_mood', 'pair', 'positive') ORDER BY 1;
