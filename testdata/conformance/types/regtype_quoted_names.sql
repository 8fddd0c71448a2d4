-- regtype input reads quoted identifiers: a quoted name is a pg_type
-- name spelled exactly. TypeORM's schema diff casts
-- '"' || udt_schema || '"."' || udt_name || '"' to regtype for every column.
CREATE TYPE rq_mood AS ENUM ('ok', 'sad');
CREATE TABLE rq_t (id uuid, n int4, s varchar(20), tags text[], at timestamptz, m rq_mood, ms rq_mood[], b bit(3), amount numeric(10,2));
SELECT column_name, ('"' || udt_schema || '"."' || udt_name || '"')::regtype::text AS regtype FROM information_schema.columns WHERE table_name = 'rq_t' ORDER BY ordinal_position;
SELECT '"pg_catalog"."uuid"'::regtype, '"int4"'::regtype, 'pg_catalog."timestamptz"'::regtype, '"pg_catalog".int4[]'::regtype, 'pg_catalog."numeric"(10,2)'::regtype, '"pg_catalog"."_text"'::regtype, '"public"."rq_mood"'::regtype;
SELECT '"pg_catalog"."character varying"'::regtype;
SELECT '"Int4"'::regtype;
SELECT '"pg_catalog"."_int4"[]'::regtype;
SELECT '"public"."nope"'::regtype;
SELECT to_regtype('"pg_catalog"."bool"'), to_regtype('"bool"[]'), to_regtype('"BOOL"');
