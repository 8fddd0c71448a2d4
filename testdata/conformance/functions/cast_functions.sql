-- the functions built-in casts call (pg_cast.castfunc), called by name
-- and listed in pg_proc
SELECT int8(4), pg_typeof(int8(4)), int4(4.6::numeric), float8(3), text(true), int2(7::int8), "numeric"(2.5::float8);
SELECT int4(3000000000::int8);
SELECT p.proname, p.proargtypes::regtype[]::text AS args, p.prorettype::regtype FROM pg_cast c JOIN pg_proc p ON p.oid = c.castfunc
 WHERE c.castsource = 'integer'::regtype AND c.casttarget IN ('bigint'::regtype, 'numeric'::regtype, 'double precision'::regtype, 'smallint'::regtype) ORDER BY 1;
SELECT count(*) FROM pg_cast c JOIN pg_proc p ON p.oid = c.castfunc WHERE c.castsource = 'bigint'::regtype AND c.casttarget = 'integer'::regtype AND p.proname = 'int4';
