-- The system catalogs' columns are in pg_attribute: a catalog table's
-- leading fixed-width columns are NOT NULL, a view's columns never are.
SELECT c.relname, a.attname, a.attnotnull, format_type(a.atttypid, a.atttypmod)
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'pg_catalog' AND a.attnum > 0
   AND (c.relname, a.attname) IN (('pg_type', 'typname'), ('pg_type', 'typnamespace'), ('pg_type', 'typdefault'),
        ('pg_class', 'relname'), ('pg_class', 'relkind'), ('pg_namespace', 'nspname'),
        ('pg_proc', 'proname'), ('pg_roles', 'rolname'), ('pg_tables', 'tablename'))
 ORDER BY c.relname, a.attname;
SELECT count(*) > 0 FROM pg_attribute WHERE attrelid = 'pg_catalog.pg_class'::regclass AND attnum > 0;
SELECT attname, attnotnull FROM pg_attribute WHERE attrelid = 'information_schema.tables'::regclass AND attname = 'table_name';
