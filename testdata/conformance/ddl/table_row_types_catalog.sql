-- Every table and view has a row type in pg_type (docs 8.16.1): typtype
-- 'c', typrelid its pg_class row (whose reltype points back) and an array
-- type _name; functions over row types record those types in pg_proc.
CREATE TABLE items (id bigint PRIMARY KEY, name text NOT NULL, price numeric(6,2));
CREATE VIEW item_names AS SELECT id, name FROM items;
CREATE TYPE pair AS (a int, b text);
CREATE SEQUENCE item_seq;
SELECT t.typname, t.typtype, t.typcategory, t.typlen, t.typbyval, t.typdelim, c.relname, c.relkind, e.typname AS elem, a.typname AS arr, t.typnotnull, t.typbasetype, t.typtypmod, t.typndims FROM pg_type t LEFT JOIN pg_class c ON c.oid = t.typrelid LEFT JOIN pg_type e ON e.oid = t.typelem LEFT JOIN pg_type a ON a.oid = t.typarray JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public' ORDER BY t.typname;
SELECT c.relname, c.relkind, t.typname, t.typrelid = c.oid AS back FROM pg_class c LEFT JOIN pg_type t ON t.oid = c.reltype JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' ORDER BY 1;
SELECT format_type(c.reltype, NULL), format_type(t.typarray, NULL) FROM pg_class c JOIN pg_type t ON t.oid = c.reltype WHERE c.relname IN ('items', 'item_names') ORDER BY 1;
CREATE FUNCTION item_label(items) RETURNS text LANGUAGE sql AS $$ SELECT $1.name || '!' $$;
CREATE FUNCTION all_items() RETURNS SETOF items LANGUAGE sql AS $$ SELECT * FROM items $$;
CREATE FUNCTION first_name(n items[]) RETURNS text LANGUAGE sql AS $$ SELECT (n[1]).name $$;
CREATE FUNCTION one_item(item_id bigint) RETURNS items LANGUAGE sql AS $$ SELECT * FROM items WHERE id = item_id $$;
SELECT p.proname, format_type(p.prorettype, NULL), rt.typrelid <> 0 AS ret_is_row, (SELECT string_agg(format_type(x, NULL), ', ') FROM unnest(p.proargtypes) x), pg_get_function_arguments(p.oid), pg_get_function_result(p.oid) FROM pg_proc p JOIN pg_type rt ON rt.oid = p.prorettype JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY 1;
SELECT p.proname, p.proretset FROM pg_proc p JOIN pg_type t ON t.oid = p.prorettype JOIN pg_class c ON c.oid = t.typrelid WHERE c.relname = 'items' ORDER BY 1;
SELECT p.proname FROM pg_proc p JOIN pg_type t ON t.oid = ANY (p.proargtypes) WHERE t.typrelid = (SELECT oid FROM pg_class WHERE relname = 'items') ORDER BY 1;
INSERT INTO items VALUES (1, 'pen', 1.5);
SELECT i FROM items i;
SELECT pg_typeof(i), pg_typeof(ARRAY[i]) FROM items i;
SELECT item_label(i), one_item(1) FROM items i;
SELECT * FROM all_items();
CREATE SCHEMA inv;
CREATE TABLE inv.stock (id int);
SELECT format_type(c.reltype, NULL), format_type(t.typarray, NULL), t.typnamespace = c.relnamespace FROM pg_class c JOIN pg_type t ON t.oid = c.reltype WHERE c.relname = 'stock';
DROP TABLE inv.stock;
SELECT count(*) FROM pg_type WHERE typname IN ('stock', '_stock');
DROP VIEW item_names CASCADE;
SELECT count(*) FROM pg_type WHERE typname IN ('item_names', '_item_names');
