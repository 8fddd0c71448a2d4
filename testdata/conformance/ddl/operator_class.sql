-- CREATE / ALTER / DROP OPERATOR CLASS and OPERATOR FAMILY, as pg_opclass, pg_opfamily, pg_amop and pg_amproc record them
CREATE TYPE pair AS (a int, b int);
CREATE FUNCTION pair_cmp(pair, pair) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN $1.a < $2.a THEN -1 WHEN $1.a > $2.a THEN 1 ELSE 0 END $$;
CREATE FUNCTION pair_lt(pair, pair) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$ SELECT $1.a < $2.a $$;
CREATE FUNCTION pair_eq(pair, pair) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$ SELECT $1.a = $2.a $$;
CREATE SCHEMA ops;
CREATE OPERATOR ops.=== (PROCEDURE = pair_eq, LEFTARG = pair, RIGHTARG = pair);
CREATE OPERATOR <<< (PROCEDURE = pair_lt, LEFTARG = pair, RIGHTARG = pair);
CREATE OPERATOR CLASS pair_ops DEFAULT FOR TYPE pair USING btree AS
  OPERATOR 1 <<<, OPERATOR 3 ops.===, FUNCTION 1 pair_cmp(pair, pair);
SELECT c.opcname, a.amname, n.nspname, c.opcdefault, c.opcintype::regtype, c.opckeytype, f.opfname, pg_get_userbyid(c.opcowner)
  FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod JOIN pg_namespace n ON n.oid = c.opcnamespace
  JOIN pg_opfamily f ON f.oid = c.opcfamily WHERE c.opcname = 'pair_ops';
SELECT o.amopstrategy, o.amoplefttype::regtype, o.amoprighttype::regtype, o.amoppurpose, p.oprname, o.amopmethod = 403 AS btree
  FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_operator p ON p.oid = o.amopopr
  WHERE f.opfname = 'pair_ops' ORDER BY 1;
SELECT p.amprocnum, p.amproclefttype::regtype, p.amprocrighttype::regtype, p.amproc
  FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily WHERE f.opfname = 'pair_ops';
-- errors
CREATE OPERATOR CLASS pair_ops DEFAULT FOR TYPE pair USING btree AS OPERATOR 1 <<<;
CREATE OPERATOR CLASS pair_ops2 DEFAULT FOR TYPE pair USING btree AS OPERATOR 1 <<<;
CREATE OPERATOR CLASS p3 FOR TYPE pair USING nope AS OPERATOR 1 <<<;
CREATE OPERATOR CLASS p3 FOR TYPE pair USING btree FAMILY nofam AS OPERATOR 1 <<<;
CREATE OPERATOR CLASS p3 FOR TYPE pair USING btree AS OPERATOR 6 <<<;
CREATE OPERATOR CLASS p3 FOR TYPE pair USING btree AS FUNCTION 1 pair_cmp(int, int);
CREATE OPERATOR CLASS p3 FOR TYPE pair USING btree AS OPERATOR 1 >>>;
CREATE OPERATOR CLASS p3 FOR TYPE pair USING btree AS STORAGE int;
CREATE OPERATOR CLASS p3 FOR TYPE pair USING hash AS FUNCTION 4 pair_cmp(pair, pair);
CREATE OPERATOR CLASS p3 FOR TYPE nosuchtype USING btree AS OPERATOR 1 <<<;
-- families (tinybase has no hashint4 and friends as callable functions: the test brings its own)
CREATE FUNCTION h4(int) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT $1 $$;
CREATE FUNCTION h8(int8) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT $1::int $$;
CREATE FUNCTION h2(int2) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT $1::int $$;
CREATE OPERATOR FAMILY fam USING hash;
CREATE OPERATOR FAMILY fam USING hash;
CREATE OPERATOR FAMILY fam USING btree;
ALTER OPERATOR FAMILY fam USING hash ADD OPERATOR 1 = (int, int), FUNCTION 1 h4(int);
ALTER OPERATOR FAMILY fam USING hash ADD OPERATOR 1 = (int, int);
ALTER OPERATOR FAMILY fam USING hash ADD OPERATOR 1 = (int8, int8), FUNCTION 1 (int8, int8) h8(int8);
SELECT o.amopstrategy, o.amoplefttype::regtype, o.amoprighttype::regtype, p.oprname, p.oprleft::regtype
  FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_operator p ON p.oid = o.amopopr
  WHERE f.opfname = 'fam' ORDER BY 2;
SELECT p.amprocnum, p.amproclefttype::regtype, p.amprocrighttype::regtype, p.amproc
  FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily WHERE f.opfname = 'fam' ORDER BY 2;
ALTER OPERATOR FAMILY fam USING hash DROP OPERATOR 1 (int, int);
ALTER OPERATOR FAMILY fam USING hash DROP OPERATOR 1 (int, int);
ALTER OPERATOR FAMILY fam USING hash DROP FUNCTION 1 (int);
ALTER OPERATOR FAMILY fam USING hash DROP FUNCTION 1 (int, int);
ALTER OPERATOR FAMILY nofam USING hash ADD OPERATOR 1 = (int, int);
ALTER OPERATOR FAMILY fam USING hash ADD STORAGE int;
CREATE OPERATOR CLASS int_fam_ops FOR TYPE int2 USING hash FAMILY fam AS OPERATOR 1 = (int2, int2), FUNCTION 1 h2(int2);
SELECT c.opcname, f.opfname, c.opcdefault FROM pg_opclass c JOIN pg_opfamily f ON f.oid = c.opcfamily WHERE f.opfname = 'fam';
SELECT count(*) FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily WHERE f.opfname = 'fam';
-- rename, owner, schema
ALTER OPERATOR CLASS pair_ops USING btree RENAME TO pops;
ALTER OPERATOR CLASS pair_ops USING btree RENAME TO pops;
ALTER OPERATOR CLASS pops USING btree OWNER TO nobody_here;
CREATE ROLE opc_owner;
ALTER OPERATOR CLASS pops USING btree OWNER TO opc_owner;
ALTER OPERATOR FAMILY fam USING hash SET SCHEMA ops;
ALTER OPERATOR FAMILY fam USING hash SET SCHEMA ops;
SELECT c.opcname, pg_get_userbyid(c.opcowner) FROM pg_opclass c WHERE c.opcname = 'pops';
SELECT f.opfname, n.nspname FROM pg_opfamily f JOIN pg_namespace n ON n.oid = f.opfnamespace WHERE f.opfname IN ('fam', 'pair_ops') ORDER BY 1, 2;
-- indexes name a class
CREATE TABLE pt (id int PRIMARY KEY, p pair, s text);
INSERT INTO pt VALUES (1, ROW(2, 1), 'b'), (2, ROW(1, 5), 'a');
CREATE INDEX pt_p_idx ON pt (p pops);
CREATE INDEX pt_s_idx ON pt (s text_pattern_ops);
CREATE INDEX pt_bad_idx ON pt (s nope_ops);
CREATE INDEX pt_hash_idx ON pt USING hash (p pops);
SELECT i.indexrelid::regclass, c.opcname FROM pg_index i JOIN pg_opclass c ON c.oid = i.indclass[0]
  WHERE i.indrelid = 'pt'::regclass AND i.indexrelid::regclass::text <> 'pt_pkey' ORDER BY 1;
SELECT pg_get_indexdef('pt_p_idx'::regclass), pg_get_indexdef('pt_s_idx'::regclass);
SELECT id FROM pt ORDER BY s;
-- drops
DROP OPERATOR CLASS nope USING btree;
DROP OPERATOR CLASS IF EXISTS nope USING btree;
DROP OPERATOR FAMILY IF EXISTS nope USING btree;
DROP OPERATOR FAMILY nope USING btree;
DROP OPERATOR CLASS pops USING hash;
DROP OPERATOR CLASS pops USING btree;
DROP OPERATOR CLASS pops USING btree CASCADE;
SELECT indexrelid::regclass FROM pg_index WHERE indrelid = 'pt'::regclass ORDER BY 1;
SELECT count(*) FROM pg_opclass WHERE opcname = 'pops';
SELECT count(*) FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily WHERE f.opfname = 'pair_ops';
DROP OPERATOR FAMILY pair_ops USING btree;
DROP OPERATOR FAMILY ops.fam USING hash;
SELECT count(*) FROM pg_opfamily f JOIN pg_namespace n ON n.oid = f.opfnamespace WHERE n.nspname NOT IN ('pg_catalog');
SELECT count(*) FROM pg_opclass WHERE opcname = 'int_fam_ops';
DROP ROLE opc_owner;
