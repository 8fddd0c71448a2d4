-- isn: what the catalogs show of the extension: pg_extension, its types, operators, operator classes and functions
CREATE SCHEMA prod;
CREATE EXTENSION isn SCHEMA prod;
SET search_path = prod, public;
SELECT extname, extversion, extrelocatable, extnamespace::regnamespace FROM pg_extension WHERE extname = 'isn';
SELECT name, default_version, installed_version, comment FROM pg_available_extensions WHERE name = 'isn';
SELECT typname, typlen, typbyval, typtype, typcategory, typstorage, typarray <> 0 AS has_array
FROM pg_type WHERE typnamespace = 'prod'::regnamespace ORDER BY typname;
SELECT t.typname, obj_description(t.oid, 'pg_type') FROM pg_type t WHERE t.typnamespace = 'prod'::regnamespace AND t.typcategory = 'U' ORDER BY 1;
SELECT oprname, count(*), bool_and(oprcanhash) AS hashes, bool_and(oprcanmerge) AS merges
FROM pg_operator WHERE oprnamespace = 'prod'::regnamespace GROUP BY oprname ORDER BY oprname;
SELECT oprname, oprleft::regtype, oprright::regtype, oprresult::regtype, oprcom::regoperator, oprnegate::regoperator
FROM pg_operator WHERE oprnamespace = 'prod'::regnamespace AND oprleft = 'prod.isbn'::regtype ORDER BY oprright::regtype::text, oprname;
SELECT c.opcname, a.amname, c.opcintype::regtype, c.opcdefault
FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod WHERE c.opcnamespace = 'prod'::regnamespace ORDER BY c.opcname, a.amname;
SELECT f.opfname, a.amname, pg_opfamily_is_visible(f.oid), (SELECT count(*) FROM pg_opclass c WHERE c.opcfamily = f.oid) AS classes
FROM pg_opfamily f JOIN pg_am a ON a.oid = f.opfmethod WHERE f.opfnamespace = 'prod'::regnamespace ORDER BY 1, 2;
SELECT a.amname, o.amopstrategy, op.oprname, count(*)
FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_am a ON a.oid = f.opfmethod JOIN pg_operator op ON op.oid = o.amopopr
WHERE f.opfname = 'isn_ops' GROUP BY 1, 2, 3 ORDER BY 1, 2;
SELECT o.amoplefttype::regtype, o.amoprighttype::regtype, op.oprname FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily
JOIN pg_operator op ON op.oid = o.amopopr WHERE f.opfname = 'isn_ops' AND f.opfmethod = (SELECT oid FROM pg_am WHERE amname = 'hash')
ORDER BY o.amoplefttype::regtype::text, o.amoprighttype::regtype::text;
SELECT a.amname, p.amprocnum, count(*), count(DISTINCT p.amproclefttype) AS lefts
FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily JOIN pg_am a ON a.oid = f.opfmethod
WHERE f.opfname = 'isn_ops' GROUP BY 1, 2 ORDER BY 1;
SELECT p.oid::regprocedure::text AS fn, p.prorettype::regtype, p.provolatile, p.proisstrict, p.proparallel
FROM pg_proc p WHERE p.pronamespace = 'prod'::regnamespace AND p.proname IN ('isn_weak', 'make_valid', 'is_valid', 'isbn', 'upc', 'isbn13', 'hashean13', 'btisbncmp')
ORDER BY 1;
SELECT count(*) FROM pg_proc WHERE pronamespace = 'prod'::regnamespace AND proname LIKE 'isn__';
SELECT count(*) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'isn' AND d.deptype = 'e' AND d.classid = 'pg_type'::regclass;
SELECT count(*) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'isn' AND d.deptype = 'e' AND d.classid = 'pg_operator'::regclass;
SELECT count(*) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'isn' AND d.deptype = 'e' AND d.classid = 'pg_opclass'::regclass;
SELECT count(*) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'isn' AND d.deptype = 'e' AND d.classid = 'pg_opfamily'::regclass;
SELECT c.castsource::regtype, c.casttarget::regtype, c.castfunc::regprocedure, c.castcontext, c.castmethod
FROM pg_cast c JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'isn' ORDER BY c.castsource::regtype::text, c.casttarget::regtype::text;
SELECT '9780393040029'::prod.isbn, isn_weak();
CREATE TABLE uses (c prod.ean13);
DROP EXTENSION isn;
DROP TABLE uses;
DROP EXTENSION isn;
SELECT count(*) FROM pg_type WHERE typname IN ('ean13', 'isbn', 'upc');
SELECT count(*) FROM pg_operator WHERE oprcode::text LIKE '%isneq%';
SELECT count(*) FROM pg_opclass WHERE opcname = 'isbn_ops';
