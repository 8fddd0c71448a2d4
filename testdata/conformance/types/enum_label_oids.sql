-- Labels listed by pg_enum.oid (SQLAlchemy's get_enums) come in their
-- declared order: CREATE TYPE assigns even OIDs ascending in label order,
-- ADD VALUE at the end a larger even one, and RENAME VALUE keeps the OID.
CREATE TYPE post_status AS ENUM ('draft', 'published', 'archived', 'deleted');
SELECT e.enumlabel, e.enumsortorder, e.oid::int8 % 2 AS odd
  FROM pg_enum e WHERE e.enumtypid = 'post_status'::regtype ORDER BY e.oid;
SELECT t.typname, array_agg(e.enumlabel ORDER BY e.oid) AS labels
  FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
 WHERE t.typname = 'post_status' GROUP BY t.typname;
ALTER TYPE post_status ADD VALUE 'zombie';
ALTER TYPE post_status RENAME VALUE 'archived' TO 'aardvark';
SELECT e.enumlabel, e.enumsortorder, e.oid::int8 % 2 AS odd
  FROM pg_enum e WHERE e.enumtypid = 'post_status'::regtype ORDER BY e.oid;
SELECT count(DISTINCT oid) = count(*) AS unique_oids FROM pg_enum;
CREATE TYPE mood AS ENUM ('zzz', 'happy', 'aaa');
SELECT string_agg(enumlabel, ',' ORDER BY oid) FROM pg_enum WHERE enumtypid = 'mood'::regtype;
