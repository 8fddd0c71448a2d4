-- btree_gist has every function and type PostgreSQL's scripts create:
-- the types its operator classes store, their I/O functions, the
-- classes' support functions (internal arguments) and the distance
-- functions behind <->. A schema dump (supabase db pull) grants on each
-- of them, and those GRANTs must apply; the distance functions work.
CREATE EXTENSION btree_gist WITH SCHEMA public;
SELECT p.oid::regprocedure::text AS f, provolatile, proisstrict, proparallel, prorettype::regtype, prosrc FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'btree_gist' ORDER BY 1;
SELECT typname, typlen, typalign, typstorage, typcategory, typtype, typinput::text, typoutput::text FROM pg_type WHERE typname LIKE 'gbtreekey%' OR typname LIKE '\_gbtreekey%' ORDER BY 1;
SELECT o.oprname, o.oprleft::regtype, o.oprright::regtype, o.oprresult::regtype, o.oprcode::text, o.oprcom::regoperator::text FROM pg_operator o JOIN pg_depend d ON d.objid = o.oid AND d.classid = 'pg_operator'::regclass JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'btree_gist' ORDER BY o.oprleft::regtype::text;
SELECT count(*) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'btree_gist' AND d.classid = 'pg_type'::regclass;
CREATE ROLE btree_gist_reader;
GRANT ALL ON FUNCTION "public"."gbtreekey16_in"("cstring") TO "btree_gist_reader";
GRANT ALL ON FUNCTION "public"."gbtreekey16_out"("public"."gbtreekey16") TO "btree_gist_reader";
GRANT ALL ON FUNCTION "public"."gbtreekey_var_in"("cstring") TO "btree_gist_reader";
GRANT ALL ON FUNCTION "public"."gbt_int4_consistent"("internal", integer, smallint, "oid", "internal") TO "btree_gist_reader";
GRANT ALL ON FUNCTION "public"."gbt_int4_union"("internal", "internal") TO "btree_gist_reader";
GRANT ALL ON FUNCTION "public"."gbt_bool_same"("public"."gbtreekey2", "public"."gbtreekey2", "internal") TO "btree_gist_reader";
GRANT ALL ON FUNCTION "public"."gbt_ts_distance"("internal", timestamp without time zone, smallint, "oid", "internal") TO "btree_gist_reader";
GRANT ALL ON FUNCTION "public"."gbt_var_decompress"("internal") TO "btree_gist_reader";
GRANT ALL ON FUNCTION "public"."cash_dist"("money", "money") TO "btree_gist_reader";
GRANT ALL ON FUNCTION "public"."tstz_dist"(timestamp with time zone, timestamp with time zone) TO "btree_gist_reader";
REVOKE ALL ON FUNCTION "public"."gbt_int4_consistent"("internal", integer, smallint, "oid", "internal") FROM PUBLIC;
GRANT ALL ON TYPE "public"."gbtreekey16" TO "btree_gist_reader";
COMMENT ON FUNCTION public.gbt_text_penalty(internal, internal, internal) IS 'penalty';
SELECT p.proname, p.proacl IS NOT NULL AS granted, obj_description(p.oid, 'pg_proc') FROM pg_proc p WHERE p.proname IN ('gbtreekey16_in', 'gbt_int4_consistent', 'gbt_bool_same', 'gbt_text_penalty', 'cash_dist', 'tstz_dist', 'int4_dist') ORDER BY 1;
SELECT has_function_privilege('btree_gist_reader', 'public.gbt_int4_consistent(internal, integer, smallint, oid, internal)', 'execute'), proacl::text FROM pg_proc WHERE oid = 'public.gbt_int4_consistent(internal, integer, smallint, oid, internal)'::regprocedure;
REVOKE ALL ON FUNCTION public.gbtreekey16_in(cstring) FROM btree_gist_reader;
SELECT 'x'::gbtreekey4;
SELECT 'x'::gbtreekey_var;
SELECT gbtreekey16_in('x');
SELECT gbtreekey8_out(NULL);
SELECT gbt_int4_compress(NULL);
SELECT gbt_int4_consistent(NULL, 1, 3::int2, 23::oid, NULL);
SELECT int2_dist(3::int2, 10::int2), int4_dist(10, -5), int8_dist(-3, 4), float4_dist(1.5, -2.25), float8_dist(-1, 2.5), oid_dist(7, 4294967295);
SELECT cash_dist('1.25', '3'), date_dist('2024-03-01', '2024-02-01'), time_dist('01:00', '03:30'), interval_dist('1 mon', '40 days'), interval_dist('1 day', '1 mon');
SELECT ts_dist('2020-01-01', '2020-03-05 01:00'), tstz_dist('2020-03-05 01:00+00', '2020-01-01 00:00+02'), ts_dist('infinity', '2020-01-01'), tstz_dist('2020-01-01', '-infinity');
SELECT 5 <-> 3, 3::int2 <-> 10::int2, 1.5::float4 <-> 4::float4, '2024-01-01'::date <-> '2024-01-11'::date, '10:00'::time <-> '09:15'::time;
SELECT float8_dist('infinity', 1), float8_dist('infinity', 'infinity'), float4_dist('nan', 1), float8_dist(1, 'nan');
SELECT int2_dist(-32768::int2, 0::int2);
SELECT int4_dist(0, -2147483648);
SELECT int8_dist(-9223372036854775808, 0);
SELECT cash_dist('-92233720368547758.08'::money, '0'::money);
SELECT float8_dist(1e308, -1e308);
SELECT date_dist('infinity', '2020-01-01');
SELECT int4_dist(NULL, 1) IS NULL;
CREATE TABLE bookings (room int, during tstzrange, EXCLUDE USING gist (room WITH =, during WITH &&));
INSERT INTO bookings VALUES (1, '[2024-01-01, 2024-01-02)');
SELECT room, lower(during) FROM bookings ORDER BY room;
DROP TABLE bookings;
DROP EXTENSION btree_gist;
SELECT count(*) FROM pg_type WHERE typname LIKE 'gbtreekey%';
DROP ROLE btree_gist_reader;
