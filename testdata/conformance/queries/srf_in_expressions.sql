-- Set-returning functions nested in SELECT-list expressions, and the
-- catalogs drizzle-kit's introspection reads.
SELECT generate_subscripts(ARRAY[10, 20, 30], 1) + 1 AS i;
SELECT unnest(ARRAY[1, 2])::text;
SELECT unnest(ARRAY[5, 6]) AS v, generate_subscripts(ARRAY[5, 6], 1) * 10 AS s;
SELECT -unnest(ARRAY[3, 4]);
SELECT abs(unnest(ARRAY[-1, 2])) AS a;
SELECT k.a, k.i FROM (SELECT unnest(ARRAY[7, 8]), generate_subscripts(ARRAY[7, 8], 1) + 1) AS k(a, i);
CREATE TABLE dz_authors (id serial PRIMARY KEY, name text NOT NULL CHECK (length(name) > 0), nick varchar(20) UNIQUE);
CREATE TABLE dz_books (id bigint PRIMARY KEY, author_id int NOT NULL REFERENCES dz_authors (id), title text, UNIQUE (author_id, title));
SELECT table_name, column_name, constraint_name FROM information_schema.constraint_column_usage WHERE table_schema = 'public' ORDER BY constraint_name, column_name;
SELECT c.column_name, c.data_type, constraint_type, constraint_name, constraint_schema
  FROM information_schema.table_constraints tc
  JOIN information_schema.constraint_column_usage AS ccu USING (constraint_schema, constraint_name)
  JOIN information_schema.columns AS c ON c.table_schema = tc.constraint_schema
    AND tc.table_name = c.table_name AND ccu.column_name = c.column_name
  WHERE tc.table_name = 'dz_authors' AND constraint_schema = 'public'
  ORDER BY 4, 1;
SELECT ic.relname, opc.opcname, i.indcollation::oid[] AS coll, i.indoption::int2[] AS opt, i.indexprs IS NULL AS noexprs, i.indpred IS NULL AS nopred
  FROM pg_index i
  JOIN pg_class ic ON ic.oid = i.indexrelid
  JOIN pg_opclass opc ON opc.oid = ANY (i.indclass)
  WHERE i.indrelid IN ('dz_authors'::regclass, 'dz_books'::regclass)
  ORDER BY ic.relname, opc.opcname;
SELECT opcname, opcintype::regtype, opcdefault FROM pg_opclass WHERE opcmethod = 403 AND opcintype IN (23, 25, 20, 16, 1700) ORDER BY opcname;
