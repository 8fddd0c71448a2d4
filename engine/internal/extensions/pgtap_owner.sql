-- pgTAP's *_owner_is assertions: the owner as pg_get_userbyid names it,
-- or a failure saying the object does not exist (or is not found).

-- _owner_is(owner, want, description, what): is(owner, want), or a
-- failure with "    <what> does not exist" when owner is NULL.
CREATE FUNCTION @extschema@._owner_is(name, name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN $1 IS NULL THEN @extschema@.ok(false, $3) || E'\n' || @extschema@.diag('    ' || $4)
    ELSE @extschema@.is($1, $2, $3) END
$$;
CREATE FUNCTION @extschema@._get_db_owner(name) RETURNS name LANGUAGE sql AS $$
  SELECT pg_catalog.pg_get_userbyid(datdba) FROM pg_catalog.pg_database WHERE datname = $1
$$;
CREATE FUNCTION @extschema@._get_schema_owner(name) RETURNS name LANGUAGE sql AS $$
  SELECT pg_catalog.pg_get_userbyid(nspowner) FROM pg_catalog.pg_namespace WHERE nspname = $1
$$;
CREATE FUNCTION @extschema@._get_tablespace_owner(name) RETURNS name LANGUAGE sql AS $$
  SELECT pg_catalog.pg_get_userbyid(spcowner) FROM pg_catalog.pg_tablespace WHERE spcname = $1
$$;
CREATE FUNCTION @extschema@._get_language_owner(name) RETURNS name LANGUAGE sql AS $$
  SELECT pg_catalog.pg_get_userbyid(lanowner) FROM pg_catalog.pg_language WHERE lanname = $1
$$;
-- _get_rel_owner(kinds, schema, name): kinds NULL is any relation,
-- schema NULL the visible one.
CREATE FUNCTION @extschema@._get_rel_owner(char[], name, name) RETURNS name LANGUAGE sql AS $$
  SELECT pg_catalog.pg_get_userbyid(c.relowner) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relname = $3 AND ($1 IS NULL OR c.relkind = ANY($1))
     AND ($2 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $2)
   LIMIT 1
$$;
CREATE FUNCTION @extschema@._get_func_owner(name, name, name[]) RETURNS name LANGUAGE sql AS $$
  SELECT pg_catalog.pg_get_userbyid(p.proowner) FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
   WHERE p.proname = $2 AND ($1 IS NULL AND pg_catalog.pg_function_is_visible(p.oid) OR n.nspname = $1)
     AND pg_catalog.array_to_string(p.proargtypes::regtype[], ',') = @extschema@._wanted_args($3)
   LIMIT 1
$$;
CREATE FUNCTION @extschema@._get_index_owner(name, name, name) RETURNS name LANGUAGE sql AS $$
  SELECT pg_catalog.pg_get_userbyid(ci.relowner) FROM pg_catalog.pg_index x
    JOIN pg_catalog.pg_class ct ON ct.oid = x.indrelid JOIN pg_catalog.pg_class ci ON ci.oid = x.indexrelid
    JOIN pg_catalog.pg_namespace n ON n.oid = ct.relnamespace
   WHERE ct.relname = $2 AND ci.relname = $3
     AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(ct.oid) OR n.nspname = $1)
   LIMIT 1
$$;
-- _get_opclass_owner(schema, name); schema NULL: the operator class of
-- that name found first on the search path (pg_catalog implicitly first).
CREATE FUNCTION @extschema@._get_opclass_owner(name, name) RETURNS name LANGUAGE sql AS $$
  SELECT pg_catalog.pg_get_userbyid(oc.opcowner) FROM pg_catalog.pg_opclass oc JOIN pg_catalog.pg_namespace n ON n.oid = oc.opcnamespace
    LEFT JOIN unnest(pg_catalog.current_schemas(true)) WITH ORDINALITY p(nsp, pos) ON p.nsp = n.nspname
   WHERE oc.opcname = $2 AND ($1 IS NULL AND p.pos IS NOT NULL OR n.nspname = $1)
   ORDER BY p.pos
   LIMIT 1
$$;
CREATE FUNCTION @extschema@._get_opclass_owner(name) RETURNS name LANGUAGE sql AS $$ SELECT @extschema@._get_opclass_owner(NULL, $1) $$;
CREATE FUNCTION @extschema@._get_type_owner(name, name) RETURNS name LANGUAGE sql AS $$
  SELECT pg_catalog.pg_get_userbyid(t.typowner) FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
   WHERE t.typname = $2 AND ($1 IS NULL AND pg_catalog.pg_type_is_visible(t.oid) OR n.nspname = $1)
   LIMIT 1
$$;

CREATE FUNCTION @extschema@.db_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_db_owner($1), $2, $3, 'Database ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.db_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.db_owner_is($1, $2, 'Database ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.schema_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_schema_owner($1), $2, $3, 'Schema ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.schema_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.schema_owner_is($1, $2, 'Schema ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.tablespace_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_tablespace_owner($1), $2, $3, 'Tablespace ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.tablespace_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.tablespace_owner_is($1, $2, 'Tablespace ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.language_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_language_owner($1), $2, $3, 'Language ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.language_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.language_owner_is($1, $2, 'Language ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.relation_owner_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner(NULL, $1, $2), $3, $4, 'Relation ' || quote_ident($1) || '.' || quote_ident($2) || ' does not exist') $$;
CREATE FUNCTION @extschema@.relation_owner_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.relation_owner_is($1, $2, $3, 'Relation ' || quote_ident($1) || '.' || quote_ident($2) || ' should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.relation_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner(NULL, NULL, $1), $2, $3, 'Relation ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.relation_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.relation_owner_is($1, $2, 'Relation ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.table_owner_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{r,p}', $1, $2), $3, $4, 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' does not exist') $$;
CREATE FUNCTION @extschema@.table_owner_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.table_owner_is($1, $2, $3, 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.table_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{r,p}', NULL, $1), $2, $3, 'Table ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.table_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.table_owner_is($1, $2, 'Table ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.view_owner_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{v}', $1, $2), $3, $4, 'View ' || quote_ident($1) || '.' || quote_ident($2) || ' does not exist') $$;
CREATE FUNCTION @extschema@.view_owner_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.view_owner_is($1, $2, $3, 'View ' || quote_ident($1) || '.' || quote_ident($2) || ' should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.view_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{v}', NULL, $1), $2, $3, 'View ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.view_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.view_owner_is($1, $2, 'View ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.sequence_owner_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{S}', $1, $2), $3, $4, 'Sequence ' || quote_ident($1) || '.' || quote_ident($2) || ' does not exist') $$;
CREATE FUNCTION @extschema@.sequence_owner_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.sequence_owner_is($1, $2, $3, 'Sequence ' || quote_ident($1) || '.' || quote_ident($2) || ' should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.sequence_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{S}', NULL, $1), $2, $3, 'Sequence ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.sequence_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.sequence_owner_is($1, $2, 'Sequence ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.composite_owner_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{c}', $1, $2), $3, $4, 'Composite type ' || quote_ident($1) || '.' || quote_ident($2) || ' does not exist') $$;
CREATE FUNCTION @extschema@.composite_owner_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.composite_owner_is($1, $2, $3, 'Composite type ' || quote_ident($1) || '.' || quote_ident($2) || ' should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.composite_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{c}', NULL, $1), $2, $3, 'Composite type ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.composite_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.composite_owner_is($1, $2, 'Composite type ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.foreign_table_owner_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{f}', $1, $2), $3, $4, 'Foreign table ' || quote_ident($1) || '.' || quote_ident($2) || ' does not exist') $$;
CREATE FUNCTION @extschema@.foreign_table_owner_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.foreign_table_owner_is($1, $2, $3, 'Foreign table ' || quote_ident($1) || '.' || quote_ident($2) || ' should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.foreign_table_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{f}', NULL, $1), $2, $3, 'Foreign table ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.foreign_table_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.foreign_table_owner_is($1, $2, 'Foreign table ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.materialized_view_owner_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{m}', $1, $2), $3, $4, 'Materialized view ' || quote_ident($1) || '.' || quote_ident($2) || ' does not exist') $$;
CREATE FUNCTION @extschema@.materialized_view_owner_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.materialized_view_owner_is($1, $2, $3, 'Materialized view ' || quote_ident($1) || '.' || quote_ident($2) || ' should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.materialized_view_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_rel_owner('{m}', NULL, $1), $2, $3, 'Materialized view ' || quote_ident($1) || ' does not exist') $$;
CREATE FUNCTION @extschema@.materialized_view_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.materialized_view_owner_is($1, $2, 'Materialized view ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.function_owner_is(name, name, name[], name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_func_owner($1, $2, $3), $4, $5, 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ') does not exist') $$;
CREATE FUNCTION @extschema@.function_owner_is(name, name, name[], name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.function_owner_is($1, $2, $3, $4, 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ') should be owned by ' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.function_owner_is(name, name[], name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_func_owner(NULL, $1, $2), $3, $4, 'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ') does not exist') $$;
CREATE FUNCTION @extschema@.function_owner_is(name, name[], name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.function_owner_is($1, $2, $3, 'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ') should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.index_owner_is(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_index_owner($1, $2, $3), $4, $5, 'Index ' || quote_ident($3) || ' ON ' || quote_ident($1) || '.' || quote_ident($2) || ' not found') $$;
CREATE FUNCTION @extschema@.index_owner_is(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.index_owner_is($1, $2, $3, $4, 'Index ' || quote_ident($3) || ' ON ' || quote_ident($1) || '.' || quote_ident($2) || ' should be owned by ' || quote_ident($4)) $$;
CREATE FUNCTION @extschema@.index_owner_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_index_owner(NULL, $1, $2), $3, $4, 'Index ' || quote_ident($2) || ' ON ' || quote_ident($1) || ' not found') $$;
CREATE FUNCTION @extschema@.index_owner_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.index_owner_is($1, $2, $3, 'Index ' || quote_ident($2) || ' ON ' || quote_ident($1) || ' should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.opclass_owner_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_opclass_owner($1, $2), $3, $4, 'Operator class ' || quote_ident($1) || '.' || quote_ident($2) || ' not found') $$;
CREATE FUNCTION @extschema@.opclass_owner_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.opclass_owner_is($1, $2, $3, 'Operator class ' || quote_ident($1) || '.' || quote_ident($2) || ' should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.opclass_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_opclass_owner(NULL, $1), $2, $3, 'Operator class ' || quote_ident($1) || ' not found') $$;
CREATE FUNCTION @extschema@.opclass_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.opclass_owner_is($1, $2, 'Operator class ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.type_owner_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_type_owner($1, $2), $3, $4, 'Type ' || quote_ident($1) || '.' || quote_ident($2) || ' not found') $$;
CREATE FUNCTION @extschema@.type_owner_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.type_owner_is($1, $2, $3, 'Type ' || quote_ident($1) || '.' || quote_ident($2) || ' should be owned by ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.type_owner_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._owner_is(@extschema@._get_type_owner(NULL, $1), $2, $3, 'Type ' || quote_ident($1) || ' not found') $$;
CREATE FUNCTION @extschema@.type_owner_is(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.type_owner_is($1, $2, 'Type ' || quote_ident($1) || ' should be owned by ' || quote_ident($2)) $$;
