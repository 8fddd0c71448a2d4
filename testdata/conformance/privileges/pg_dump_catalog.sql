-- The catalog answers pg_dump 15 reads, in the forms it reads them, on a
-- Supabase-shaped schema; OIDs are shown as names or compared, never
-- printed.
CREATE TYPE dump_status AS ENUM ('draft', 'published');
CREATE TYPE dump_money AS (currency char(3), cents bigint);
CREATE SEQUENCE dump_invoice START 1000;
CREATE TABLE dump_profiles (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), username text NOT NULL UNIQUE, age int CHECK (age >= 0));
CREATE TABLE dump_posts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  serial_no serial,
  author uuid REFERENCES dump_profiles (id),
  title text NOT NULL,
  status dump_status NOT NULL DEFAULT 'draft',
  tags text[],
  price dump_money,
  title_len int GENERATED ALWAYS AS (length(title)) STORED
);
CREATE INDEX dump_posts_author_title ON dump_posts (author, title);
CREATE VIEW dump_published AS SELECT id, title FROM dump_posts WHERE status = 'published';
CREATE FUNCTION dump_count(uid uuid, extra int) RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT count(*) + extra FROM dump_posts WHERE author = uid $$;
GRANT SELECT ON dump_published TO anon;
-- tableoid of a catalog table is the catalog's pg_class OID
SELECT x.tableoid::regclass, x.extname FROM pg_extension x WHERE x.extname = 'pgcrypto';
SELECT DISTINCT tableoid::regclass FROM pg_namespace;
SELECT DISTINCT c.tableoid = 'pg_class'::regclass FROM pg_class c;
SELECT DISTINCT tableoid::regclass FROM pg_type WHERE typname = 'dump_status';
SELECT DISTINCT p.tableoid::regclass FROM pg_proc p WHERE p.proname = 'dump_count';
-- acldefault for each object type pg_dump asks about
-- (aclitem[] in PostgreSQL, text[] here: compared as text)
SELECT r, acldefault(r::"char", o.oid)::text FROM (VALUES ('r'), ('s'), ('n'), ('f'), ('T'), ('l'), ('c'), ('d'), ('L'), ('t'), ('F'), ('S')) v(r), pg_roles o WHERE o.rolname = 'postgres' ORDER BY r COLLATE "C";
SELECT acldefault('d', o.oid)::text FROM pg_roles o WHERE o.rolname = 'anon';
SELECT n.nspname, acldefault('n', n.nspowner)::text FROM pg_namespace n WHERE n.nspname IN ('public', 'auth', 'storage') ORDER BY 1;
SELECT c.relname, c.relacl IS NULL, acldefault(CASE WHEN c.relkind = 'S' THEN 's'::"char" ELSE 'r'::"char" END, c.relowner)::text FROM pg_class c WHERE c.relname IN ('dump_posts', 'dump_invoice', 'dump_published') ORDER BY 1;
-- typname[0] = '_' marks array types (pg_dump's getTypes)
SELECT typname, typname[0], typname[0] = '_' AND typelem <> 0 AS isarray FROM pg_type WHERE typname IN ('dump_status', '_dump_status', 'int4', '_int4') ORDER BY 1;
SELECT typname, typstorage FROM pg_type WHERE typname IN ('dump_status', 'dump_money', 'int4', 'text', 'numeric', '_int4') ORDER BY 1;
-- int2vector and oidvector print space separated (compared as text)
SELECT proname, proargtypes::text = (SELECT oid FROM pg_type WHERE typname = 'uuid')::text || ' 23', pronargs FROM pg_proc WHERE proname = 'dump_count';
SELECT c.relname, i.indkey::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'dump_posts_author_title';
SELECT proname, prosupport FROM pg_proc WHERE proname = 'dump_count';
-- format_type qualifies a type off the search path
SELECT typname, format_type(oid, NULL) FROM pg_type WHERE typname IN ('dump_status', 'dump_money', '_dump_status') ORDER BY 1;
SET search_path = '';
SELECT typname, pg_catalog.format_type(oid, NULL) FROM pg_catalog.pg_type WHERE typname IN ('dump_status', 'dump_money', '_dump_status', 'int4') ORDER BY 1;
SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_attribute a WHERE a.attrelid = 'public.dump_posts'::pg_catalog.regclass AND a.attnum > 0 ORDER BY a.attnum;
RESET search_path;
-- sequences: identity ('i') and serial ('a') ownership, and a serial's
-- default depending on its sequence
SELECT d.objid::regclass, d.refobjid::regclass, d.refobjsubid, d.deptype FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.refobjid = 'dump_posts'::regclass AND d.deptype IN ('a', 'i') AND d.objid IN ('dump_posts_id_seq'::regclass, 'dump_posts_serial_no_seq'::regclass) ORDER BY 1;
SELECT d.refobjid::regclass, d.deptype FROM pg_depend d JOIN pg_attrdef ad ON ad.oid = d.objid WHERE d.classid = 'pg_attrdef'::regclass AND ad.adrelid = 'dump_posts'::regclass AND d.refobjid IN ('dump_posts_serial_no_seq'::regclass, 'dump_posts_id_seq'::regclass);
-- views have a _RETURN rule
SELECT rulename, ev_class::regclass, ev_type, ev_enabled, is_instead FROM pg_rewrite WHERE ev_class = 'dump_published'::regclass;
-- languages pg_dump looks at
SELECT lanname, lanpltrusted, lanplcallfoid <> 0 AS has_handler, laninline <> 0 AS has_inline, lanvalidator <> 0 AS has_validator FROM pg_language WHERE lanispl ORDER BY 1;
SELECT extname, oid < 16384 AS is_system FROM pg_extension WHERE extname = 'plpgsql';
-- catalogs of objects this schema does not create
-- the project's own (an extension's, such as pg_graphql's on Supabase, are dumped with it)
SELECT count(*) FROM pg_event_trigger e WHERE NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_event_trigger'::regclass AND d.objid = e.oid AND d.deptype = 'e');
SELECT count(*) FROM pg_foreign_data_wrapper;
SELECT count(*) FROM pg_subscription;
SELECT count(*) FROM pg_partitioned_table;
SELECT count(*) FROM pg_largeobject_metadata;
SELECT count(*) FROM pg_transform;
SELECT * FROM pg_options_to_table(ARRAY['fillfactor=70', 'autovacuum_enabled=false']) ORDER BY 1;
-- default privileges of the Supabase bootstrap
SELECT pg_get_userbyid(defaclrole), defaclnamespace::regnamespace, defaclobjtype, defaclacl::text FROM pg_default_acl WHERE defaclnamespace = 'public'::regnamespace ORDER BY 1, 3;
-- pg_dump reads inside a REPEATABLE READ, READ ONLY transaction
BEGIN;
SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY;
LOCK TABLE public.dump_posts IN ACCESS SHARE MODE;
LOCK TABLE public.dump_missing IN ACCESS SHARE MODE;
ROLLBACK;
LOCK TABLE public.dump_posts IN ACCESS SHARE MODE;
