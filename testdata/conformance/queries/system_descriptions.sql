-- col_description and obj_description of system catalogs: they exist,
-- and carry no comments (tools that read every relation's columns from
-- pg_attribute call them on catalog columns too).
SELECT col_description('pg_catalog.pg_class'::regclass, 1) IS NULL AS no_col_comment, col_description('pg_catalog.pg_default_acl'::regclass, 2) IS NULL AS none;
SELECT obj_description('pg_catalog.pg_default_acl'::regclass, 'pg_class') IS NULL AS no_rel_comment;
SELECT count(*) > 0 AS has_rows FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname = 'pg_default_acl' AND col_description(a.attrelid, a.attnum) IS NULL;
