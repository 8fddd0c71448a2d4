-- pgTAP's inheritance and partitioning assertions, over pg_inherits.

-- has_inherited_tables: a plain table with children (relhassubclass).
CREATE FUNCTION @extschema@._inherited(name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                  WHERE c.relkind = 'r' AND c.relhassubclass AND c.relname = $2
                    AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1))
$$;
CREATE FUNCTION @extschema@.has_inherited_tables(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._inherited($1, $2), $3) $$;
CREATE FUNCTION @extschema@.has_inherited_tables(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._inherited($1, $2), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should have descendents') $$;
CREATE FUNCTION @extschema@.has_inherited_tables(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._inherited(NULL, $1), $2) $$;
CREATE FUNCTION @extschema@.has_inherited_tables(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._inherited(NULL, $1), 'Table ' || quote_ident($1) || ' should have descendents') $$;
CREATE FUNCTION @extschema@.hasnt_inherited_tables(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._inherited($1, $2), $3) $$;
CREATE FUNCTION @extschema@.hasnt_inherited_tables(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._inherited($1, $2), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should not have descendents') $$;
CREATE FUNCTION @extschema@.hasnt_inherited_tables(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._inherited(NULL, $1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_inherited_tables(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._inherited(NULL, $1), 'Table ' || quote_ident($1) || ' should not have descendents') $$;

-- _relid(schema, table): the table's oid; schema NULL means the visible one.
CREATE FUNCTION @extschema@._relid(name, name) RETURNS oid LANGUAGE sql AS $$
  SELECT c.oid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1)
$$;
-- _ancestor_of(ancestor, descendent, depth): the chain from the ancestor's
-- children, each later step ending at the descendent, as pgTAP walks it
-- (so a chain of three or more links is not found); depth NULL is any.
CREATE FUNCTION @extschema@._ancestor_of(oid, oid, integer) RETURNS boolean LANGUAGE sql AS $$
  WITH RECURSIVE chain(rel, depth) AS (
    SELECT i.inhrelid, 1 FROM pg_catalog.pg_inherits i WHERE i.inhparent = $1
    UNION
    SELECT i.inhrelid, c.depth + 1 FROM pg_catalog.pg_inherits i JOIN chain c ON c.rel = i.inhparent
     WHERE i.inhrelid = $2
  )
  SELECT EXISTS (SELECT 1 FROM chain WHERE rel = $2 AND depth = coalesce($3, depth))
$$;
CREATE FUNCTION @extschema@._ancestor_of(name, name, name, name, integer) RETURNS boolean LANGUAGE sql AS $$
  SELECT @extschema@._ancestor_of(@extschema@._relid($1, $2), @extschema@._relid($3, $4), $5)
$$;
CREATE FUNCTION @extschema@._ancestor_of(name, name, integer) RETURNS boolean LANGUAGE sql AS $$
  SELECT @extschema@._ancestor_of(@extschema@._relid(NULL, $1), @extschema@._relid(NULL, $2), $3)
$$;
-- is_ancestor_of / is_descendent_of and their negations; the depth is the
-- number of links (1: a direct parent).
CREATE FUNCTION @extschema@.is_ancestor_of(name, name, name, name, integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($1, $2, $3, $4, $5), $6) $$;
CREATE FUNCTION @extschema@.is_ancestor_of(name, name, name, name, integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($1, $2, $3, $4, $5), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should be ancestor ' || $5 || ' for ' || quote_ident($3) || '.' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.is_ancestor_of(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($1, $2, $3, $4, NULL), $5) $$;
CREATE FUNCTION @extschema@.is_ancestor_of(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($1, $2, $3, $4, NULL), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should be an ancestor of ' || quote_ident($3) || '.' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.is_ancestor_of(name, name, integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.is_ancestor_of(name, name, integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($1, $2, $3), 'Table ' || quote_ident($1) || ' should be ancestor ' || $3 || ' of ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.is_ancestor_of(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.is_ancestor_of(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($1, $2, NULL), 'Table ' || quote_ident($1) || ' should be an ancestor of ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.is_descendent_of(name, name, name, name, integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($3, $4, $1, $2, $5), $6) $$;
CREATE FUNCTION @extschema@.is_descendent_of(name, name, name, name, integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($3, $4, $1, $2, $5), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should be descendent ' || $5 || ' from ' || quote_ident($3) || '.' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.is_descendent_of(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($3, $4, $1, $2, NULL), $5) $$;
CREATE FUNCTION @extschema@.is_descendent_of(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($3, $4, $1, $2, NULL), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should be a descendent of ' || quote_ident($3) || '.' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.is_descendent_of(name, name, integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($2, $1, $3), $4) $$;
CREATE FUNCTION @extschema@.is_descendent_of(name, name, integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($2, $1, $3), 'Table ' || quote_ident($1) || ' should be descendent ' || $3 || ' from ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.is_descendent_of(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($2, $1, NULL), $3) $$;
CREATE FUNCTION @extschema@.is_descendent_of(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._ancestor_of($2, $1, NULL), 'Table ' || quote_ident($1) || ' should be a descendent of ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.isnt_ancestor_of(name, name, name, name, integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($1, $2, $3, $4, $5), $6) $$;
CREATE FUNCTION @extschema@.isnt_ancestor_of(name, name, name, name, integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($1, $2, $3, $4, $5), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should not be ancestor ' || $5 || ' for ' || quote_ident($3) || '.' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.isnt_ancestor_of(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($1, $2, $3, $4, NULL), $5) $$;
CREATE FUNCTION @extschema@.isnt_ancestor_of(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($1, $2, $3, $4, NULL), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should not be an ancestor of ' || quote_ident($3) || '.' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.isnt_ancestor_of(name, name, integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.isnt_ancestor_of(name, name, integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($1, $2, $3), 'Table ' || quote_ident($1) || ' should not be ancestor ' || $3 || ' of ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.isnt_ancestor_of(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.isnt_ancestor_of(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($1, $2, NULL), 'Table ' || quote_ident($1) || ' should not be an ancestor of ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.isnt_descendent_of(name, name, name, name, integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($3, $4, $1, $2, $5), $6) $$;
CREATE FUNCTION @extschema@.isnt_descendent_of(name, name, name, name, integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($3, $4, $1, $2, $5), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should not be descendent ' || $5 || ' from ' || quote_ident($3) || '.' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.isnt_descendent_of(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($3, $4, $1, $2, NULL), $5) $$;
CREATE FUNCTION @extschema@.isnt_descendent_of(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($3, $4, $1, $2, NULL), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should not be a descendent of ' || quote_ident($3) || '.' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.isnt_descendent_of(name, name, integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($2, $1, $3), $4) $$;
CREATE FUNCTION @extschema@.isnt_descendent_of(name, name, integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($2, $1, $3), 'Table ' || quote_ident($1) || ' should not be descendent ' || $3 || ' from ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.isnt_descendent_of(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($2, $1, NULL), $3) $$;
CREATE FUNCTION @extschema@.isnt_descendent_of(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._ancestor_of($2, $1, NULL), 'Table ' || quote_ident($1) || ' should not be a descendent of ' || quote_ident($2)) $$;

-- is_partition_of: the child is a partition (relispartition) of the
-- partitioned table; the two-name forms take visible tables.
CREATE FUNCTION @extschema@._partof(name, name, name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_inherits i
    JOIN pg_catalog.pg_class cc ON cc.oid = i.inhrelid JOIN pg_catalog.pg_namespace cn ON cn.oid = cc.relnamespace
    JOIN pg_catalog.pg_class pc ON pc.oid = i.inhparent JOIN pg_catalog.pg_namespace pn ON pn.oid = pc.relnamespace
   WHERE cc.relispartition AND pc.relkind = 'p' AND cc.relname = $2 AND pc.relname = $4
     AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(cc.oid) OR cn.nspname = $1)
     AND ($3 IS NULL AND pg_catalog.pg_table_is_visible(pc.oid) OR pn.nspname = $3))
$$;
CREATE FUNCTION @extschema@.is_partition_of(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._partof($1, $2, $3, $4), $5) $$;
CREATE FUNCTION @extschema@.is_partition_of(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._partof($1, $2, $3, $4), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should be a partition of ' || quote_ident($3) || '.' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.is_partition_of(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._partof(NULL, $1, NULL, $2), $3) $$;
CREATE FUNCTION @extschema@.is_partition_of(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._partof(NULL, $1, NULL, $2), 'Table ' || quote_ident($1) || ' should be a partition of ' || quote_ident($2)) $$;

-- partitions_are: the partitioned table's partitions, each named as
-- regclass prints it (schema-qualified when not visible).
CREATE FUNCTION @extschema@._parts(name, name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT i.inhrelid::regclass::name FROM pg_catalog.pg_inherits i
    JOIN pg_catalog.pg_class c ON c.oid = i.inhparent JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind = 'p' AND c.relname = $2
     AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1))
$$;
CREATE FUNCTION @extschema@.partitions_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._names_are('partitions', @extschema@._parts($1, $2), $3, $4) $$;
CREATE FUNCTION @extschema@.partitions_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.partitions_are($1, $2, $3, 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should have the correct partitions') $$;
CREATE FUNCTION @extschema@.partitions_are(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._names_are('partitions', @extschema@._parts(NULL, $1), $2, $3) $$;
CREATE FUNCTION @extschema@.partitions_are(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.partitions_are($1, $2, 'Table ' || quote_ident($1) || ' should have the correct partitions') $$;
