
-- Schema assertions: pgTAP's checks over the catalogs, reading
-- pg_catalog as pgTAP does. Where pgTAP takes (NAME, NAME) and
-- (NAME, TEXT), two untyped literals resolve to the second, as in
-- PostgreSQL: has_table('s', 't') is (table, description).

CREATE FUNCTION @extschema@._rexists(char[], name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_namespace n JOIN pg_catalog.pg_class c ON n.oid = c.relnamespace
                  WHERE c.relkind = ANY($1) AND n.nspname = $2 AND c.relname = $3)
$$;
CREATE FUNCTION @extschema@._rexists(char[], name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c
                  WHERE c.relname = $2 AND c.relkind = ANY($1) AND pg_catalog.pg_table_is_visible(c.oid))
$$;
CREATE FUNCTION @extschema@.has_table(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rexists('{r,p}'::char[], $1, $2), $3) $$;
CREATE FUNCTION @extschema@.has_table(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rexists('{r,p}'::char[], $1, $2), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_table(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rexists('{r,p}'::char[], $1), $2) $$;
CREATE FUNCTION @extschema@.has_table(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_table($1, 'Table ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_table(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._rexists('{r,p}'::char[], $1, $2), $3) $$;
CREATE FUNCTION @extschema@.hasnt_table(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._rexists('{r,p}'::char[], $1, $2), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_table(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._rexists('{r,p}'::char[], $1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_table(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_table($1, 'Table ' || quote_ident($1) || ' should not exist') $$;
CREATE FUNCTION @extschema@.has_view(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rexists('{v}'::char[], $1, $2), $3) $$;
CREATE FUNCTION @extschema@.has_view(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rexists('{v}'::char[], $1, $2), 'View ' || quote_ident($1) || '.' || quote_ident($2) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_view(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rexists('{v}'::char[], $1), $2) $$;
CREATE FUNCTION @extschema@.has_view(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_view($1, 'View ' || quote_ident($1) || ' should exist') $$;

-- Columns.
CREATE FUNCTION @extschema@._cexists(name, name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_namespace n JOIN pg_catalog.pg_class c ON n.oid = c.relnamespace
                   JOIN pg_catalog.pg_attribute a ON c.oid = a.attrelid
                  WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped AND a.attname = $3)
$$;
CREATE FUNCTION @extschema@._cexists(name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_attribute a ON c.oid = a.attrelid
                  WHERE c.relname = $1 AND a.attname = $2 AND a.attnum > 0 AND NOT a.attisdropped AND pg_catalog.pg_table_is_visible(c.oid))
$$;
CREATE FUNCTION @extschema@.has_column(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._cexists($1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.has_column(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._cexists($1, $2), $3) $$;
CREATE FUNCTION @extschema@.has_column(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_column($1, $2, 'Column ' || quote_ident($1) || '.' || quote_ident($2) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_column(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._cexists($1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.hasnt_column(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._cexists($1, $2), $3) $$;
CREATE FUNCTION @extschema@.hasnt_column(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_column($1, $2, 'Column ' || quote_ident($1) || '.' || quote_ident($2) || ' should not exist') $$;

-- _col(schema, table, column) is the column's attribute row as
-- (not null, has default, type); schema NULL means visible tables.
CREATE FUNCTION @extschema@._col_attr(name, name, name) RETURNS TABLE(notnull boolean, hasdef boolean, typ text) LANGUAGE sql AS $$
  SELECT a.attnotnull, a.atthasdef, pg_catalog.format_type(a.atttypid, a.atttypmod)
    FROM pg_catalog.pg_namespace n JOIN pg_catalog.pg_class c ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_attribute a ON c.oid = a.attrelid
   WHERE c.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1) AND a.attnum > 0 AND NOT a.attisdropped AND a.attname = $3
$$;
CREATE FUNCTION @extschema@._col_is_null(name, name, name, text, boolean) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN a.notnull IS NULL
    THEN @extschema@._tap(false, coalesce($4, 'Column ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || '.' || quote_ident($3) || ' should ' || CASE WHEN $5 THEN 'be NOT' ELSE 'allow' END || ' NULL'),
           '    Column ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || '.' || quote_ident($3) || ' does not exist')
    ELSE @extschema@._tap(a.notnull = $5, coalesce($4, 'Column ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || '.' || quote_ident($3) || ' should ' || CASE WHEN $5 THEN 'be NOT' ELSE 'allow' END || ' NULL'), NULL)
    END
  FROM (SELECT 1) one LEFT JOIN @extschema@._col_attr($1, $2, $3) a ON true
$$;
CREATE FUNCTION @extschema@.col_not_null(schema_name name, table_name name, column_name name, description text DEFAULT NULL) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_is_null($1, $2, $3, $4, true) $$;
CREATE FUNCTION @extschema@.col_not_null(table_name name, column_name name, description text DEFAULT NULL) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_is_null(NULL, $1, $2, $3, true) $$;
CREATE FUNCTION @extschema@.col_is_null(schema_name name, table_name name, column_name name, description text DEFAULT NULL) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_is_null($1, $2, $3, $4, false) $$;
CREATE FUNCTION @extschema@.col_is_null(table_name name, column_name name, description text DEFAULT NULL) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_is_null(NULL, $1, $2, $3, false) $$;
CREATE FUNCTION @extschema@._col_has_default(name, name, name, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN a.hasdef IS NULL
    THEN @extschema@._tap(false, $4, '    Column ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || '.' || quote_ident($3) || ' does not exist')
    ELSE @extschema@._tap(a.hasdef, $4, NULL) END
  FROM (SELECT 1) one LEFT JOIN @extschema@._col_attr($1, $2, $3) a ON true
$$;
CREATE FUNCTION @extschema@.col_has_default(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_has_default($1, $2, $3, $4) $$;
CREATE FUNCTION @extschema@.col_has_default(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_has_default(NULL, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.col_has_default(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_has_default(NULL, $1, $2, 'Column ' || quote_ident($1) || '.' || quote_ident($2) || ' should have a default') $$;
-- _col_type_is: the wanted type normalised since 1.3 (a missing one said
-- so), quoted as the column's type prints in 1.2.0.
CREATE FUNCTION @extschema@._col_type_is(name, name, name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN a.typ IS NULL
    THEN @extschema@._tap(false, $5, '   Column ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || '.' || quote_ident($3) || ' does not exist')
    WHEN w.typ IS NULL AND w.v13 THEN @extschema@._tap(false, $5, '    Type ' || $4 || ' does not exist')
    ELSE @extschema@._tap(a.typ = w.typ, $5, '        have: ' || a.typ || E'\n        want: ' || w.typ) END
  FROM (SELECT 1) one LEFT JOIN @extschema@._col_attr($1, $2, $3) a ON true,
       LATERAL (SELECT v13, CASE WHEN v13 THEN @extschema@._tap_type($4, true) ELSE @extschema@._quote_like($4, a.typ) END AS typ
                  FROM (SELECT @extschema@._pgtap13() AS v13) v) w
$$;
CREATE FUNCTION @extschema@.col_type_is(name, name, name, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_type_is($1, $2, $3, $4, $5) $$;
CREATE FUNCTION @extschema@.col_type_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_type_is($1, $2, $3, $4, 'Column ' || quote_ident($1) || '.' || quote_ident($2) || '.' || quote_ident($3) || ' should be type ' || $4) $$;
CREATE FUNCTION @extschema@.col_type_is(name, name, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_type_is(NULL, $1, $2, $3, $4) $$;
CREATE FUNCTION @extschema@.col_type_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_type_is(NULL, $1, $2, $3, 'Column ' || quote_ident($1) || '.' || quote_ident($2) || ' should be type ' || $3) $$;

-- Constraints and keys.
CREATE FUNCTION @extschema@._hasc(name, name, char) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_class c ON c.oid = k.conrelid
                   JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                  WHERE k.contype = $3 AND n.nspname = $1 AND c.relname = $2)
$$;
CREATE FUNCTION @extschema@._hasc(name, char) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_class c ON c.oid = k.conrelid
                  WHERE c.relname = $1 AND k.contype = $2 AND pg_catalog.pg_table_is_visible(c.oid))
$$;
CREATE FUNCTION @extschema@.has_pk(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._hasc($1, $2, 'p'), $3) $$;
CREATE FUNCTION @extschema@.has_pk(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._hasc($1, 'p'), $2) $$;
CREATE FUNCTION @extschema@.has_pk(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_pk($1, 'Table ' || quote_ident($1) || ' should have a primary key') $$;
CREATE FUNCTION @extschema@.has_fk(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._hasc($1, $2, 'f'), $3) $$;
CREATE FUNCTION @extschema@.has_fk(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._hasc($1, 'f'), $2) $$;
CREATE FUNCTION @extschema@.has_fk(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_fk($1, 'Table ' || quote_ident($1) || ' should have a foreign key constraint') $$;
CREATE FUNCTION @extschema@._ckeys(name, name, char) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT a.attname FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_class c ON c.oid = k.conrelid
                 JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                 JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(k.conkey)
                WHERE k.contype = $3 AND c.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1)
                ORDER BY pg_catalog.array_position(k.conkey, a.attnum))
$$;
CREATE FUNCTION @extschema@.col_is_pk(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is(@extschema@._ckeys($1, $2, 'p'), $3, $4) $$;
CREATE FUNCTION @extschema@.col_is_pk(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is(@extschema@._ckeys(NULL, $1, 'p'), $2, $3) $$;
CREATE FUNCTION @extschema@.col_is_pk(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_pk($1, $2, 'Columns ' || quote_ident($1) || '(' || array_to_string(ARRAY(SELECT quote_ident(x) FROM unnest($2) x), ', ') || ') should be a primary key') $$;
CREATE FUNCTION @extschema@.col_is_pk(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_pk($1, $2, ARRAY[$3], $4) $$;
CREATE FUNCTION @extschema@.col_is_pk(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_pk($1, ARRAY[$2], $3) $$;
CREATE FUNCTION @extschema@.col_is_pk(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_pk($1, ARRAY[$2], 'Column ' || quote_ident($1) || '(' || quote_ident($2) || ') should be a primary key') $$;

-- Schemas, roles, extensions, types.
CREATE FUNCTION @extschema@.has_schema(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(EXISTS (SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1), $2) $$;
CREATE FUNCTION @extschema@.has_schema(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_schema($1, 'Schema ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_schema(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_schema(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_schema($1, 'Schema ' || quote_ident($1) || ' should not exist') $$;
CREATE FUNCTION @extschema@.has_role(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $1), $2) $$;
CREATE FUNCTION @extschema@.has_role(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_role($1, 'Role ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_role(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_role(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_role($1, 'Role ' || quote_ident($1) || ' should not exist') $$;
CREATE FUNCTION @extschema@._is_super(name, text, boolean) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN r.rolsuper IS NULL
    THEN @extschema@._tap(false, $2, '    User ' || quote_ident($1) || ' does not exist')
    ELSE @extschema@._tap(r.rolsuper = $3, $2, NULL) END
  FROM (SELECT 1) one LEFT JOIN pg_catalog.pg_roles r ON r.rolname = $1
$$;
CREATE FUNCTION @extschema@.is_superuser(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._is_super($1, $2, true) $$;
CREATE FUNCTION @extschema@.is_superuser(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is_superuser($1, 'User ' || quote_ident($1) || ' should be a super user') $$;
CREATE FUNCTION @extschema@.isnt_superuser(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._is_super($1, $2, false) $$;
CREATE FUNCTION @extschema@.isnt_superuser(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.isnt_superuser($1, 'User ' || quote_ident($1) || ' should not be a super user') $$;
CREATE FUNCTION @extschema@.has_extension(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(EXISTS (SELECT 1 FROM pg_catalog.pg_extension x JOIN pg_catalog.pg_namespace n ON n.oid = x.extnamespace WHERE n.nspname = $1 AND x.extname = $2), $3) $$;
CREATE FUNCTION @extschema@.has_extension(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_extension($1, $2, 'Extension ' || quote_ident($2) || ' should exist in schema ' || quote_ident($1)) $$;
CREATE FUNCTION @extschema@.has_extension(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(EXISTS (SELECT 1 FROM pg_catalog.pg_extension WHERE extname = $1), $2) $$;
CREATE FUNCTION @extschema@.has_extension(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_extension($1, 'Extension ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@._has_type(name, name, char[]) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
                  WHERE t.typname = $2 AND t.typisdefined AND ($3 IS NULL OR t.typtype = ANY($3))
                    AND ($1 IS NULL AND pg_catalog.pg_type_is_visible(t.oid) OR n.nspname = $1))
$$;
CREATE FUNCTION @extschema@.has_type(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_type($1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.has_type(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_type($1, $2, 'Type ' || quote_ident($1) || '.' || quote_ident($2) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_type(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_type(NULL, $1, NULL), $2) $$;
CREATE FUNCTION @extschema@.has_type(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_type(NULL, $1, NULL), 'Type ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_enum(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_type($1, $2, '{e}'), $3) $$;
CREATE FUNCTION @extschema@.has_enum(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_enum($1, $2, 'Enum ' || quote_ident($1) || '.' || quote_ident($2) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_enum(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_type(NULL, $1, '{e}'), $2) $$;
CREATE FUNCTION @extschema@.has_enum(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_type(NULL, $1, '{e}'), 'Enum ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@._enum_labels(name, name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT e.enumlabel::name FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
                 JOIN pg_catalog.pg_enum e ON e.enumtypid = t.oid
                WHERE t.typname = $2 AND ($1 IS NULL AND pg_catalog.pg_type_is_visible(t.oid) OR n.nspname = $1)
                ORDER BY e.enumsortorder)
$$;
CREATE FUNCTION @extschema@.enum_has_labels(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is(@extschema@._enum_labels($1, $2), $3, $4) $$;
CREATE FUNCTION @extschema@.enum_has_labels(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.enum_has_labels($1, $2, $3, 'Enum ' || quote_ident($1) || '.' || quote_ident($2) || ' should have labels (' || array_to_string($3, ', ') || ')') $$;
CREATE FUNCTION @extschema@.enum_has_labels(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is(@extschema@._enum_labels(NULL, $1), $2, $3) $$;
CREATE FUNCTION @extschema@.enum_has_labels(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.enum_has_labels($1, $2, 'Enum ' || quote_ident($1) || ' should have labels (' || array_to_string($2, ', ') || ')') $$;

-- Triggers (the function assertions are pgtap_funky.go's).
CREATE FUNCTION @extschema@._trig(name, name, name) RETURNS TABLE(fn text) LANGUAGE sql AS $$
  SELECT quote_ident(fn_ns.nspname) || '.' || quote_ident(p.proname)
    FROM pg_catalog.pg_trigger t JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_proc p ON p.oid = t.tgfoid JOIN pg_catalog.pg_namespace fn_ns ON fn_ns.oid = p.pronamespace
   WHERE c.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1) AND t.tgname = $3
$$;
CREATE FUNCTION @extschema@.has_trigger(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(EXISTS (SELECT 1 FROM @extschema@._trig($1, $2, $3)), $4) $$;
CREATE FUNCTION @extschema@.has_trigger(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_trigger($1, $2, $3, 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should have trigger ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.has_trigger(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(EXISTS (SELECT 1 FROM @extschema@._trig(NULL, $1, $2)), $3) $$;
CREATE FUNCTION @extschema@.has_trigger(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(EXISTS (SELECT 1 FROM @extschema@._trig(NULL, $1, $2)), 'Table ' || quote_ident($1) || ' should have trigger ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.trigger_is(name, name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is((SELECT fn FROM @extschema@._trig($1, $2, $3) LIMIT 1), quote_ident($4) || '.' || quote_ident($5), $6) $$;
CREATE FUNCTION @extschema@.trigger_is(name, name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.trigger_is($1, $2, $3, $4, $5, 'Trigger ' || quote_ident($3) || ' should call ' || quote_ident($4) || '.' || quote_ident($5) || '()') $$;

-- The *_are assertions: extra and missing names, sorted.
CREATE FUNCTION @extschema@._sorted_idents(name[]) RETURNS text LANGUAGE sql AS $$
  SELECT array_to_string(ARRAY(SELECT quote_ident(x) FROM unnest($1) x ORDER BY x), E'\n        ')
$$;
CREATE FUNCTION @extschema@._are(text, name[], name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._tap(coalesce(array_length($2, 1), 0) = 0 AND coalesce(array_length($3, 1), 0) = 0, $4,
    nullif(concat_ws(E'\n',
      CASE WHEN array_length($2, 1) > 0 THEN '    Extra ' || $1 || E':\n        ' || @extschema@._sorted_idents($2) END,
      CASE WHEN array_length($3, 1) > 0 THEN '    Missing ' || $1 || E':\n        ' || @extschema@._sorted_idents($3) END), ''))
$$;
CREATE FUNCTION @extschema@._names_are(text, name[], name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._are($1,
    ARRAY(SELECT x FROM unnest($2) x EXCEPT SELECT y FROM unnest($3) y),
    ARRAY(SELECT y FROM unnest($3) y EXCEPT SELECT x FROM unnest($2) x), $4)
$$;

-- Row level security policies.
CREATE FUNCTION @extschema@._policies(name, name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT p.polname FROM pg_catalog.pg_policy p JOIN pg_catalog.pg_class c ON c.oid = p.polrelid
                 JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                WHERE ($1 IS NULL AND n.nspname NOT IN ('pg_catalog', 'information_schema') OR n.nspname = $1) AND c.relname = $2)
$$;
CREATE FUNCTION @extschema@.policies_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._names_are('policies', @extschema@._policies($1, $2), $3, $4) $$;
CREATE FUNCTION @extschema@.policies_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.policies_are($1, $2, $3, 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should have the correct policies') $$;
CREATE FUNCTION @extschema@.policies_are(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._names_are('policies', @extschema@._policies(NULL, $1), $2, $3) $$;
CREATE FUNCTION @extschema@.policies_are(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.policies_are($1, $2, 'Table ' || quote_ident($1) || ' should have the correct policies') $$;
CREATE FUNCTION @extschema@._policy_roles(name, name, name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT r.rolname FROM pg_catalog.pg_policy p JOIN pg_catalog.pg_class c ON c.oid = p.polrelid
                 JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                 JOIN pg_catalog.pg_roles r ON r.oid = ANY(p.polroles)
                WHERE c.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1) AND p.polname = $3)
$$;
CREATE FUNCTION @extschema@.policy_roles_are(name, name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._names_are('policy roles', @extschema@._policy_roles($1, $2, $3), $4, $5) $$;
CREATE FUNCTION @extschema@.policy_roles_are(name, name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.policy_roles_are($1, $2, $3, $4, 'Policy ' || quote_ident($3) || ' for table ' || quote_ident($1) || '.' || quote_ident($2) || ' should have the correct roles') $$;
CREATE FUNCTION @extschema@.policy_roles_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._names_are('policy roles', @extschema@._policy_roles(NULL, $1, $2), $3, $4) $$;
CREATE FUNCTION @extschema@.policy_roles_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.policy_roles_are($1, $2, $3, 'Policy ' || quote_ident($2) || ' for table ' || quote_ident($1) || ' should have the correct roles') $$;
CREATE FUNCTION @extschema@._policy_cmd(name, name, name) RETURNS text LANGUAGE sql AS $$
  SELECT p.cmd::text FROM pg_catalog.pg_policies p WHERE ($1 IS NULL OR p.schemaname = $1) AND p.tablename = $2 AND p.policyname = $3 LIMIT 1
$$;
CREATE FUNCTION @extschema@.policy_cmd_is(name, name, name, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is(@extschema@._policy_cmd($1, $2, $3), upper($4), $5) $$;
CREATE FUNCTION @extschema@.policy_cmd_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.policy_cmd_is($1, $2, $3, $4, 'Policy ' || quote_ident($3) || ' for table ' || quote_ident($1) || '.' || quote_ident($2) || ' should apply to ' || upper($4) || ' command') $$;
CREATE FUNCTION @extschema@.policy_cmd_is(name, name, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is(@extschema@._policy_cmd(NULL, $1, $2), upper($3), $4) $$;
CREATE FUNCTION @extschema@.policy_cmd_is(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.policy_cmd_is($1, $2, $3, 'Policy ' || quote_ident($2) || ' for table ' || quote_ident($1) || ' should apply to ' || upper($3) || ' command') $$;

-- Indexes. has_index's three- and four-name forms take the first name
-- as a schema when one has that name, else as the table (pgTAP's rule).
CREATE FUNCTION @extschema@._index(name, name, name) RETURNS TABLE(isunique boolean, isprimary boolean, isclustered boolean, amname name) LANGUAGE sql AS $$
  SELECT x.indisunique, x.indisprimary, x.indisclustered, am.amname FROM pg_catalog.pg_index x
    JOIN pg_catalog.pg_class ct ON ct.oid = x.indrelid
    JOIN pg_catalog.pg_class ci ON ci.oid = x.indexrelid
    JOIN pg_catalog.pg_namespace n ON n.oid = ct.relnamespace
    LEFT JOIN pg_catalog.pg_am am ON am.oid = ci.relam
   WHERE ci.relname = $3 AND ($2 IS NULL OR ct.relname = $2)
     AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(ct.oid) OR n.nspname = $1)
$$;
CREATE FUNCTION @extschema@.has_index(name, name, name, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1)
    THEN @extschema@.ok(EXISTS (SELECT 1 FROM @extschema@._index($1, $2, $3)), $4)
    ELSE @extschema@._index_cols(NULL, $1, $2, ARRAY[$3::name], $4) END
$$;
CREATE FUNCTION @extschema@.has_index(name, name, name) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1)
    THEN @extschema@.has_index($1, $2, $3, 'Index ' || quote_ident($3) || ' should exist')
    ELSE @extschema@._index_cols(NULL, $1, $2, ARRAY[$3], 'Index ' || quote_ident($2) || ' should exist') END
$$;
CREATE FUNCTION @extschema@.has_index(name, name, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN $3 LIKE '%(%' THEN @extschema@.has_index($1, $2, $3::name)
    ELSE @extschema@.ok(EXISTS (SELECT 1 FROM @extschema@._index(NULL, $1, $2)), $3) END
$$;
-- _ikeys(schema, table, index) are the index's keys as pg_get_indexdef
-- prints each (a column name or an expression); schema NULL means visible.
CREATE FUNCTION @extschema@._ikeys(name, name, name) RETURNS text[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT k.def FROM pg_catalog.pg_index x
    JOIN pg_catalog.pg_class ct ON ct.oid = x.indrelid
    JOIN pg_catalog.pg_class ci ON ci.oid = x.indexrelid
    JOIN pg_catalog.pg_namespace n ON n.oid = ct.relnamespace
    CROSS JOIN LATERAL (SELECT s.i, pg_catalog.pg_get_indexdef(ci.oid, s.i, false) AS def
                          FROM pg_catalog.generate_series(1, 32) s(i)) k
   WHERE ci.relname = $3 AND ct.relname = $2 AND k.def <> ''
     AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(ct.oid) OR n.nspname = $1)
   ORDER BY k.i)
$$;
-- _index_cols(schema, table, index, keys, description) is has_index with
-- columns: the index and its keys compared as one line of text.
CREATE FUNCTION @extschema@._index_cols(name, name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN k.keys = '{}'
    THEN @extschema@._tap(false, $5, 'Index ' || quote_ident($3) || ' ON ' || k.rel || ' not found')
    ELSE @extschema@.is(quote_ident($3) || ' ON ' || k.rel || '(' || array_to_string(k.keys, ', ') || ')',
                        quote_ident($3) || ' ON ' || k.rel || '(' || array_to_string($4, ', ') || ')', $5) END
  FROM (SELECT @extschema@._ikeys($1, $2, $3) AS keys, coalesce(quote_ident($1) || '.', '') || quote_ident($2) AS rel) k
$$;
CREATE FUNCTION @extschema@.has_index(name, name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._index_cols($1, $2, $3, $4, $5) $$;
CREATE FUNCTION @extschema@.has_index(name, name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._index_cols($1, $2, $3, $4, 'Index ' || quote_ident($3) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_index(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._index_cols($1, $2, $3, ARRAY[$4], $5) $$;
CREATE FUNCTION @extschema@.has_index(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._index_cols($1, $2, $3, ARRAY[$4], 'Index ' || quote_ident($3) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_index(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._index_cols(NULL, $1, $2, $3, $4) $$;
CREATE FUNCTION @extschema@.has_index(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._index_cols(NULL, $1, $2, $3, 'Index ' || quote_ident($2) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_index(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_index($1, $2, 'Index ' || quote_ident($2) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_index(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM @extschema@._index($1, $2, $3)), $4) $$;
CREATE FUNCTION @extschema@.hasnt_index(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_index($1, $2, $3, 'Index ' || quote_ident($3) || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_index(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM @extschema@._index(NULL, $1, $2)), $3) $$;
CREATE FUNCTION @extschema@.hasnt_index(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_index($1, $2, 'Index ' || quote_ident($2) || ' should not exist') $$;
CREATE FUNCTION @extschema@.index_is_unique(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(coalesce((SELECT bool_or(isunique) FROM @extschema@._index($1, $2, $3)), false), $4) $$;
CREATE FUNCTION @extschema@.index_is_unique(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.index_is_unique($1, $2, $3, 'Index ' || quote_ident($3) || ' should be unique') $$;
CREATE FUNCTION @extschema@.index_is_unique(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(coalesce((SELECT bool_or(isunique) FROM @extschema@._index(NULL, $1, $2)), false), 'Index ' || quote_ident($2) || ' should be unique') $$;
CREATE FUNCTION @extschema@.index_is_unique(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(coalesce((SELECT bool_or(isunique) FROM @extschema@._index(NULL, NULL, $1)), false), 'Index ' || quote_ident($1) || ' should be unique') $$;

-- is_indexed: some index of the table has exactly these keys, in order.
CREATE FUNCTION @extschema@._is_indexed(name, name, text[]) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_index x
    JOIN pg_catalog.pg_class ct ON ct.oid = x.indrelid
    JOIN pg_catalog.pg_class ci ON ci.oid = x.indexrelid
    JOIN pg_catalog.pg_namespace n ON n.oid = ct.relnamespace
   WHERE ct.relname = $2 AND ($1 IS NULL OR n.nspname = $1)
     AND @extschema@._ikeys(n.nspname, ct.relname, ci.relname) = $3)
$$;
CREATE FUNCTION @extschema@.is_indexed(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._is_indexed($1, $2, $3::text[]), $4) $$;
CREATE FUNCTION @extschema@.is_indexed(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._is_indexed($1, $2, $3::text[]), 'Should have an index on ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ')') $$;
CREATE FUNCTION @extschema@.is_indexed(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._is_indexed(NULL, $1, $2::text[]), $3) $$;
CREATE FUNCTION @extschema@.is_indexed(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._is_indexed(NULL, $1, $2::text[]), 'Should have an index on ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ')') $$;
CREATE FUNCTION @extschema@.is_indexed(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._is_indexed($1, $2, ARRAY[$3]::text[]), $4) $$;
-- (schema, table, column) when the first name is a schema, else
-- (table, column, description).
CREATE FUNCTION @extschema@.is_indexed(name, name, name) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1)
    THEN @extschema@.is_indexed($1, $2, ARRAY[$3]::name[])
    ELSE @extschema@.is_indexed($1, ARRAY[$2]::name[], $3::text) END
$$;
CREATE FUNCTION @extschema@.is_indexed(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._is_indexed(NULL, $1, ARRAY[$2]::text[])) $$;

-- index_is_primary, is_clustered and index_is_type: one flag (or the
-- access method) of the index; a missing index fails (type: is NULL).
CREATE FUNCTION @extschema@._iflag(name, name, name, text) RETURNS boolean LANGUAGE sql AS $$
  SELECT coalesce((SELECT CASE $4 WHEN 'primary' THEN isprimary WHEN 'clustered' THEN isclustered ELSE isunique END
                     FROM @extschema@._index($1, $2, $3) LIMIT 1), false)
$$;
CREATE FUNCTION @extschema@.index_is_primary(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._iflag($1, $2, $3, 'primary'), $4) $$;
CREATE FUNCTION @extschema@.index_is_primary(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.index_is_primary($1, $2, $3, 'Index ' || quote_ident($3) || ' should be on a primary key') $$;
CREATE FUNCTION @extschema@.index_is_primary(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._iflag(NULL, $1, $2, 'primary'), 'Index ' || quote_ident($2) || ' should be on a primary key') $$;
CREATE FUNCTION @extschema@.index_is_primary(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._iflag(NULL, NULL, $1, 'primary'), 'Index ' || quote_ident($1) || ' should be on a primary key') $$;
CREATE FUNCTION @extschema@.is_clustered(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._iflag($1, $2, $3, 'clustered'), $4) $$;
CREATE FUNCTION @extschema@.is_clustered(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is_clustered($1, $2, $3, 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should be clustered on index ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.is_clustered(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._iflag(NULL, $1, $2, 'clustered'), 'Table ' || quote_ident($1) || ' should be clustered on index ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.is_clustered(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._iflag(NULL, NULL, $1, 'clustered'), 'Table should be clustered on index ' || quote_ident($1)) $$;
CREATE FUNCTION @extschema@.index_is_type(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is((SELECT amname FROM @extschema@._index($1, $2, $3) LIMIT 1), $4, $5) $$;
CREATE FUNCTION @extschema@.index_is_type(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.index_is_type($1, $2, $3, $4, 'Index ' || quote_ident($3) || ' should be a ' || quote_ident($4) || ' index') $$;
CREATE FUNCTION @extschema@.index_is_type(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is((SELECT amname FROM @extschema@._index(NULL, $1, $2) LIMIT 1), $3, 'Index ' || quote_ident($2) || ' should be a ' || quote_ident($3) || ' index') $$;
CREATE FUNCTION @extschema@.index_is_type(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is((SELECT amname FROM @extschema@._index(NULL, NULL, $1) LIMIT 1), $2, 'Index ' || quote_ident($1) || ' should be a ' || quote_ident($2) || ' index') $$;

-- The negative forms.
CREATE FUNCTION @extschema@.hasnt_view(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._rexists('{v}'::char[], $1, $2), $3) $$;
CREATE FUNCTION @extschema@.hasnt_view(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._rexists('{v}'::char[], $1, $2), 'View ' || quote_ident($1) || '.' || quote_ident($2) || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_view(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._rexists('{v}'::char[], $1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_view(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_view($1, 'View ' || quote_ident($1) || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_pk(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._hasc($1, $2, 'p'), $3) $$;
CREATE FUNCTION @extschema@.hasnt_pk(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._hasc($1, 'p'), $2) $$;
CREATE FUNCTION @extschema@.hasnt_pk(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_pk($1, 'Table ' || quote_ident($1) || ' should not have a primary key') $$;
CREATE FUNCTION @extschema@.hasnt_fk(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._hasc($1, $2, 'f'), $3) $$;
CREATE FUNCTION @extschema@.hasnt_fk(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._hasc($1, 'f'), $2) $$;
CREATE FUNCTION @extschema@.hasnt_fk(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_fk($1, 'Table ' || quote_ident($1) || ' should not have a foreign key constraint') $$;
CREATE FUNCTION @extschema@.hasnt_type(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_type($1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.hasnt_type(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_type(NULL, $1, NULL), $2) $$;
CREATE FUNCTION @extschema@.hasnt_type(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_type(NULL, $1, NULL), 'Type ' || quote_ident($1) || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_enum(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_type($1, $2, '{e}'), $3) $$;
CREATE FUNCTION @extschema@.hasnt_enum(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_enum($1, $2, 'Enum ' || quote_ident($1) || '.' || quote_ident($2) || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_enum(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_type(NULL, $1, '{e}'), $2) $$;
CREATE FUNCTION @extschema@.hasnt_enum(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_type(NULL, $1, '{e}'), 'Enum ' || quote_ident($1) || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_trigger(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM @extschema@._trig($1, $2, $3)), $4) $$;
CREATE FUNCTION @extschema@.hasnt_trigger(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_trigger($1, $2, $3, 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should not have trigger ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.hasnt_trigger(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM @extschema@._trig(NULL, $1, $2)), $3) $$;
CREATE FUNCTION @extschema@.hasnt_trigger(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM @extschema@._trig(NULL, $1, $2)), 'Table ' || quote_ident($1) || ' should not have trigger ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.hasnt_extension(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM pg_catalog.pg_extension x JOIN pg_catalog.pg_namespace n ON n.oid = x.extnamespace WHERE n.nspname = $1 AND x.extname = $2), $3) $$;
CREATE FUNCTION @extschema@.hasnt_extension(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_extension($1, $2, 'Extension ' || quote_ident($2) || ' should not exist in schema ' || quote_ident($1)) $$;
CREATE FUNCTION @extschema@.hasnt_extension(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM pg_catalog.pg_extension WHERE extname = $1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_extension(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_extension($1, 'Extension ' || quote_ident($1) || ' should not exist') $$;

-- Privileges: what the role holds, compared with the list (upper case,
-- sorted; Extra/Missing privileges). A missing table, schema or role is
-- a failure with its own diagnostic, checked before has_*_privilege.
CREATE FUNCTION @extschema@._areni(text, text[], text[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._tap(coalesce(array_length($2, 1), 0) = 0 AND coalesce(array_length($3, 1), 0) = 0, $4,
    nullif(concat_ws(E'\n',
      CASE WHEN array_length($2, 1) > 0 THEN '    Extra ' || $1 || E':\n        ' || array_to_string(ARRAY(SELECT x FROM unnest($2) x ORDER BY x), E'\n        ') END,
      CASE WHEN array_length($3, 1) > 0 THEN '    Missing ' || $1 || E':\n        ' || array_to_string(ARRAY(SELECT x FROM unnest($3) x ORDER BY x), E'\n        ') END), ''))
$$;
CREATE FUNCTION @extschema@._privs_are(text[], name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._areni('privileges',
    ARRAY(SELECT upper(g) FROM unnest($1) g EXCEPT SELECT w FROM unnest($2) w),
    ARRAY(SELECT w::text FROM unnest($2) w EXCEPT SELECT upper(g) FROM unnest($1) g), $3)
$$;
CREATE FUNCTION @extschema@._table_privs_are(name, name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE
    WHEN NOT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                      WHERE c.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1))
      THEN @extschema@._tap(false, $5, '    Table ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || ' does not exist')
    WHEN NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $3)
      THEN @extschema@._tap(false, $5, '    Role ' || quote_ident($3) || ' does not exist')
    ELSE @extschema@._privs_are(ARRAY(
      SELECT p FROM unnest(ARRAY['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE']) p
       WHERE pg_catalog.has_table_privilege($3, coalesce(quote_ident($1) || '.', '') || quote_ident($2), p)), $4, $5)
    END
$$;
CREATE FUNCTION @extschema@.table_privs_are(name, name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._table_privs_are($1, $2, $3, $4, $5) $$;
CREATE FUNCTION @extschema@.table_privs_are(name, name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._table_privs_are($1, $2, $3, $4, 'Role ' || quote_ident($3) || ' should be granted '
    || CASE WHEN $4[1] IS NULL THEN 'no privileges' ELSE array_to_string($4, ', ') END || ' on table ' || quote_ident($1) || '.' || quote_ident($2))
$$;
CREATE FUNCTION @extschema@.table_privs_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._table_privs_are(NULL, $1, $2, $3, $4) $$;
CREATE FUNCTION @extschema@.table_privs_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._table_privs_are(NULL, $1, $2, $3, 'Role ' || quote_ident($2) || ' should be granted '
    || CASE WHEN $3[1] IS NULL THEN 'no privileges' ELSE array_to_string($3, ', ') END || ' on table ' || quote_ident($1))
$$;
CREATE FUNCTION @extschema@.schema_privs_are(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE
    WHEN NOT EXISTS (SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1)
      THEN @extschema@._tap(false, $4, '    Schema ' || quote_ident($1) || ' does not exist')
    WHEN NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $2)
      THEN @extschema@._tap(false, $4, '    Role ' || quote_ident($2) || ' does not exist')
    ELSE @extschema@._privs_are(ARRAY(
      SELECT p FROM unnest(ARRAY['CREATE', 'USAGE']) p WHERE pg_catalog.has_schema_privilege($2, $1::text, p)), $3, $4)
    END
$$;
CREATE FUNCTION @extschema@.schema_privs_are(name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.schema_privs_are($1, $2, $3, 'Role ' || quote_ident($2) || ' should be granted '
    || CASE WHEN $3[1] IS NULL THEN 'no privileges' ELSE array_to_string($3, ', ') END || ' on schema ' || quote_ident($1))
$$;
