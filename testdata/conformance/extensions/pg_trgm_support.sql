-- pg_trgm and unaccent have every function PostgreSQL's scripts create,
-- the operator classes' support functions with internal and cstring
-- arguments included: a schema dump (supabase db pull) grants on each of
-- them, and those GRANTs must apply. gtrgm, the type gist_trgm_ops
-- stores, exists but takes no value.
CREATE EXTENSION pg_trgm WITH SCHEMA public;
CREATE EXTENSION unaccent WITH SCHEMA public;
SELECT p.oid::regprocedure::text AS f, provolatile, proisstrict, proparallel, prorettype::regtype FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname IN ('pg_trgm', 'unaccent') ORDER BY 1;
SELECT typname, typlen, typcategory, typtype FROM pg_type WHERE typname LIKE '%trgm%' ORDER BY 1;
SELECT pg_describe_object(classid, objid, objsubid) AS member FROM pg_depend WHERE refobjid = (SELECT oid FROM pg_extension WHERE extname = 'unaccent') AND deptype = 'e' ORDER BY 1;
SELECT pg_describe_object('pg_ts_parser'::regclass, 3722, 0), pg_describe_object('pg_ts_dict'::regclass, 'english_stem'::regdictionary, 0), pg_describe_object('pg_ts_config'::regclass, 'english'::regconfig, 0);
CREATE ROLE trgm_reader;
GRANT ALL ON FUNCTION "public"."gtrgm_in"("cstring") TO "trgm_reader";
GRANT ALL ON FUNCTION "public"."gtrgm_out"("public"."gtrgm") TO "trgm_reader";
GRANT ALL ON FUNCTION "public"."gtrgm_same"("public"."gtrgm", "public"."gtrgm", "internal") TO "trgm_reader";
GRANT ALL ON FUNCTION "public"."gin_trgm_consistent"("internal", smallint, "text", integer, "internal", "internal", "internal", "internal") TO "trgm_reader";
GRANT ALL ON FUNCTION "public"."unaccent_lexize"("internal", "internal", "internal", "internal") TO "trgm_reader";
GRANT ALL ON FUNCTION "public"."unaccent"("regdictionary", "text") TO "trgm_reader";
SELECT p.proname, p.proacl IS NOT NULL AS granted FROM pg_proc p WHERE p.proname IN ('gtrgm_in', 'gtrgm_out', 'gtrgm_same', 'gin_trgm_consistent', 'unaccent_lexize') ORDER BY 1;
REVOKE ALL ON FUNCTION public.gtrgm_in(cstring) FROM trgm_reader;
SELECT 'x'::gtrgm;
SELECT gtrgm_in('x');
SELECT gtrgm_compress(NULL);
SELECT gin_extract_value_trgm('abc', NULL);
SELECT unaccent('unaccent', 'Hôtel'), unaccent('public.unaccent'::regdictionary, 'Crème'), unaccent('Ålborg');
SELECT unaccent('nope', 'x');
SELECT unaccent('english_stem', 'Hôtel'), unaccent('simple', 'Hôtel'), unaccent('english_stem', 'the'), unaccent('unaccent', 'abc');
SELECT ts_lexize('unaccent', 'Hôtel');
DROP EXTENSION unaccent;
DROP EXTENSION pg_trgm;
DROP ROLE trgm_reader;
