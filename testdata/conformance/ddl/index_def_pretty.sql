-- pg_get_indexdef(index, 0, pretty): pretty drops the parentheses around
-- a cast's operand and the predicate, and leaves the table unqualified
-- when its schema is on the search path (psql's \d reads this form).
CREATE SCHEMA idp;
CREATE TABLE idp.items (id bigint PRIMARY KEY, name varchar(80) NOT NULL, owner uuid, price numeric);
CREATE INDEX items_name_lower ON idp.items (lower(name));
CREATE UNIQUE INDEX items_owner_name ON idp.items (owner, name) WHERE owner IS NOT NULL;
CREATE INDEX items_price ON idp.items ((price * 2), id DESC) WHERE price > 0 AND name <> '';
CREATE TABLE pt (a int PRIMARY KEY, b text);
CREATE INDEX pt_lower ON pt (lower(b)) WHERE a > 1;
SELECT c.relname, pg_get_indexdef(c.oid), pg_get_indexdef(c.oid, 0, false), pg_get_indexdef(c.oid, 0, true)
  FROM pg_class c
 WHERE c.relname IN ('items_pkey', 'items_name_lower', 'items_owner_name', 'items_price', 'pt_pkey', 'pt_lower')
 ORDER BY c.relname;
SET search_path = idp, public;
SELECT c.relname, pg_get_indexdef(c.oid, 0, true)
  FROM pg_class c
 WHERE c.relname IN ('items_pkey', 'items_owner_name', 'pt_lower')
 ORDER BY c.relname;
