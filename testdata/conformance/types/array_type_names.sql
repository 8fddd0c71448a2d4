-- A user type's array type is named _<name> in pg_type, and regtype
-- input finds it by that name (client libraries such as pgx load array
-- types this way), qualified or not.
CREATE TYPE mood AS ENUM ('sad', 'ok');
CREATE TYPE pair AS (a int, b text);
CREATE DOMAIN posint AS int CHECK (VALUE > 0);
SELECT '_mood'::regtype, '_pair'::regtype, '_posint'::regtype, 'public._mood'::regtype;
SELECT '_mood'::regtype = 'mood[]'::regtype AS same, t.typelem = 'mood'::regtype AS elem FROM pg_type t WHERE t.oid = '_pair'::regtype OR t.oid = '_mood'::regtype ORDER BY t.typname;
SELECT '_nosuch'::regtype;
SELECT '_int4'::regtype, '_text'::regtype;
SELECT to_regtype('_pair'), to_regtype('_nosuch');
SELECT to_regtype('integer'), to_regtype('mood[]'), to_regnamespace('public'), to_regnamespace('nosuch');
