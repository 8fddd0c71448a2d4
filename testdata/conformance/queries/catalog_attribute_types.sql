-- pg_attribute's attlen, attbyval, attalign and attstorage copy the
-- column type's pg_type row, and attcollation its typcollation, for every
-- kind of type.
CREATE TYPE at_mood AS ENUM ('sad', 'happy');
CREATE DOMAIN at_posint AS int CHECK (VALUE > 0);
CREATE DOMAIN at_label AS varchar(20);
CREATE TYPE at_pair AS (a int, b text);
CREATE TABLE at_types (
  c_bool bool, c_char "char", c_name name, c_int2 int2, c_int4 int4, c_int8 int8, c_float4 float4,
  c_float8 float8, c_numeric numeric(10, 2), c_text text, c_varchar varchar(5), c_bpchar char(3), c_bytea bytea,
  c_date date, c_time time, c_timetz timetz, c_timestamp timestamp, c_timestamptz timestamptz,
  c_interval interval, c_uuid uuid, c_json json, c_jsonb jsonb, c_inet inet, c_cidr cidr, c_macaddr macaddr,
  c_macaddr8 macaddr8, c_money money, c_point point, c_lseg lseg, c_polygon polygon, c_bit bit(3),
  c_varbit varbit, c_tsvector tsvector, c_tsquery tsquery, c_int4range int4range, c_tstzrange tstzrange,
  c_numrange numrange, c_int4multirange int4multirange, c_int4arr int4[], c_textarr text[], c_float8arr float8[],
  c_intervalarr interval[], c_oid oid, c_regclass regclass, c_regtype regtype, c_regproc regproc, c_xml xml,
  c_tid tid, c_xid xid, c_xid8 xid8, c_cid cid, c_refcursor refcursor, c_mood at_mood, c_moodarr at_mood[],
  c_posint at_posint, c_label at_label, c_pair at_pair
);
SELECT a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), a.attlen, a.attbyval, a.attalign,
       a.attstorage, a.attndims, a.attcollation
  FROM pg_attribute a WHERE a.attrelid = 'at_types'::regclass AND a.attnum > 0 ORDER BY a.attnum;
SELECT count(*) AS columns,
       count(*) FILTER (WHERE (a.attlen, a.attbyval, a.attalign, a.attstorage, a.attcollation)
                      IS DISTINCT FROM (t.typlen, t.typbyval, t.typalign, t.typstorage, t.typcollation)) AS differing
  FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
 WHERE a.attrelid = 'at_types'::regclass AND a.attnum > 0;
-- and the types themselves
SELECT t.typname, t.typlen, t.typbyval, t.typalign, t.typstorage, t.typcollation, t.typelem::regtype
  FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
 WHERE a.attrelid = 'at_types'::regclass AND a.attnum > 0 ORDER BY a.attnum;
-- the built-in types' collations and subscripting element types
SELECT typname, typcollation, typelem::regtype FROM pg_type
 WHERE typname IN ('name', 'text', 'varchar', 'bpchar', 'char', 'refcursor', 'cstring', 'unknown', 'point', 'lseg', '_cstring', '_refcursor', '_text', '_name')
 ORDER BY typname;
SELECT oid, collname, collprovider, collisdeterministic, collencoding, collcollate, collctype
  FROM pg_collation WHERE collname IN ('default', 'C', 'POSIX', 'ucs_basic') ORDER BY collname;
-- ucs_basic sorts by code point
SELECT x FROM (VALUES ('b'), ('B'), ('a'), ('é'), ('Z'), ('ä'), ('1')) AS v(x) ORDER BY x COLLATE ucs_basic;
SELECT 'a' < 'B' COLLATE ucs_basic, 'é' > 'z' COLLATE "ucs_basic";
-- regtype prints bit as format_type(oid, NULL) does, and reads it back
SELECT 'bit'::regtype, 1560::regtype, 1561::regtype, '"bit"'::regtype, 'bit'::regtype::oid = 1560, format_type(1561, NULL), format_type(1560, -1), typelem::regtype
  FROM pg_type WHERE typname = '_bit';
