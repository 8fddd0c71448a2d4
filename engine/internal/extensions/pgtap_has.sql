-- pgTAP's existence assertions beyond tables and views: tablespaces,
-- sequences, composite types, domains, relations of any kind, foreign
-- tables, materialized views, partitioned tables, languages, casts,
-- operators, operator classes and a domain's base type. Each reads the
-- catalogs as pgTAP does and has pgTAP's signatures: a schema-qualified
-- form, a form for what search_path makes visible, and default
-- descriptions.

-- Tablespaces.
CREATE FUNCTION @extschema@.has_tablespace(name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.ok(EXISTS (SELECT 1 FROM pg_catalog.pg_tablespace WHERE spcname = $1 AND pg_catalog.pg_tablespace_location(oid) = $2), $3)
$$;
CREATE FUNCTION @extschema@.has_tablespace(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(EXISTS (SELECT 1 FROM pg_catalog.pg_tablespace WHERE spcname = $1), $2) $$;
CREATE FUNCTION @extschema@.has_tablespace(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_tablespace($1, 'Tablespace ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_tablespace(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM pg_catalog.pg_tablespace WHERE spcname = $1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_tablespace(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_tablespace($1, 'Tablespace ' || quote_ident($1) || ' should not exist') $$;

-- is_partitioned: a partitioned table (has_sequence and the other
-- per-relkind existence checks are generated: pgtap_has.go).
CREATE FUNCTION @extschema@.is_partitioned(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rexists('{p}'::char[], $1, $2), $3) $$;
CREATE FUNCTION @extschema@.is_partitioned(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rexists('{p}'::char[], $1, $2), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should be partitioned') $$;
CREATE FUNCTION @extschema@.is_partitioned(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rexists('{p}'::char[], $1), $2) $$;
CREATE FUNCTION @extschema@.is_partitioned(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rexists('{p}'::char[], $1), 'Table ' || quote_ident($1) || ' should be partitioned') $$;
CREATE FUNCTION @extschema@.isnt_partitioned(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._rexists('{p}'::char[], $1, $2), $3) $$;
CREATE FUNCTION @extschema@.isnt_partitioned(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._rexists('{p}'::char[], $1, $2), 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should not be partitioned') $$;
CREATE FUNCTION @extschema@.isnt_partitioned(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._rexists('{p}'::char[], $1), $2) $$;
CREATE FUNCTION @extschema@.isnt_partitioned(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._rexists('{p}'::char[], $1), 'Table ' || quote_ident($1) || ' should not be partitioned') $$;

-- Relations of any kind.
CREATE FUNCTION @extschema@._relexists(name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2)
$$;
CREATE FUNCTION @extschema@._relexists(name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c WHERE c.relname = $1 AND pg_catalog.pg_table_is_visible(c.oid))
$$;
CREATE FUNCTION @extschema@.has_relation(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._relexists($1, $2), $3) $$;
CREATE FUNCTION @extschema@.has_relation(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._relexists($1), $2) $$;
CREATE FUNCTION @extschema@.has_relation(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_relation($1, 'Relation ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_relation(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._relexists($1, $2), $3) $$;
CREATE FUNCTION @extschema@.hasnt_relation(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._relexists($1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_relation(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_relation($1, 'Relation ' || quote_ident($1) || ' should not exist') $$;

-- Domains (_has_type is pgtap_schema.sql's).
CREATE FUNCTION @extschema@.has_domain(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_type($1, $2, '{d}'), $3) $$;
CREATE FUNCTION @extschema@.has_domain(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_domain($1, $2, 'Domain ' || quote_ident($1) || '.' || quote_ident($2) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_domain(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_type(NULL, $1, '{d}'), $2) $$;
CREATE FUNCTION @extschema@.has_domain(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_type(NULL, $1, '{d}'), 'Domain ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_domain(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_type($1, $2, '{d}'), $3) $$;
CREATE FUNCTION @extschema@.hasnt_domain(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_domain($1, $2, 'Domain ' || quote_ident($1) || '.' || quote_ident($2) || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_domain(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_type(NULL, $1, '{d}'), $2) $$;
CREATE FUNCTION @extschema@.hasnt_domain(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_type(NULL, $1, '{d}'), 'Domain ' || quote_ident($1) || ' should not exist') $$;

-- Procedural languages: _is_trusted is NULL when there is none.
CREATE FUNCTION @extschema@._is_trusted(name) RETURNS boolean LANGUAGE sql AS $$ SELECT lanpltrusted FROM pg_catalog.pg_language WHERE lanname = $1 $$;
CREATE FUNCTION @extschema@.has_language(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._is_trusted($1) IS NOT NULL, $2) $$;
CREATE FUNCTION @extschema@.has_language(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_language($1, 'Procedural language ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_language(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._is_trusted($1) IS NULL, $2) $$;
CREATE FUNCTION @extschema@.hasnt_language(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_language($1, 'Procedural language ' || quote_ident($1) || ' should not exist') $$;
CREATE FUNCTION @extschema@.language_is_trusted(name, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN t IS NULL THEN @extschema@.fail($2) || E'\n' || @extschema@.diag('    Procedural language ' || quote_ident($1) || ' does not exist')
    ELSE @extschema@.ok(t, $2) END
  FROM (SELECT @extschema@._is_trusted($1) AS t) x
$$;
CREATE FUNCTION @extschema@.language_is_trusted(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.language_is_trusted($1, 'Procedural language ' || quote_ident($1) || ' should be trusted') $$;

-- _cmp_types(type, name): the type, as format_type prints it, is the one
-- named: since 1.3 by any of its names (_typename), in 1.2.0 as spelled
-- (quoted as the name is).
CREATE FUNCTION @extschema@._cmp_types(oid, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT pg_catalog.format_type($1, NULL) = CASE WHEN @extschema@._pgtap13() THEN @extschema@._tap_type($2, false)
    ELSE @extschema@._quote_like($2, pg_catalog.format_type($1, NULL)) END
$$;

-- Casts.
CREATE FUNCTION @extschema@._cast_exists(name, name, name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_cast c JOIN pg_catalog.pg_proc p ON p.oid = c.castfunc JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                  WHERE @extschema@._cmp_types(c.castsource, $1) AND @extschema@._cmp_types(c.casttarget, $2) AND n.nspname = $3 AND p.proname = $4)
$$;
CREATE FUNCTION @extschema@._cast_exists(name, name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_cast c JOIN pg_catalog.pg_proc p ON p.oid = c.castfunc
                  WHERE @extschema@._cmp_types(c.castsource, $1) AND @extschema@._cmp_types(c.casttarget, $2) AND p.proname = $3)
$$;
CREATE FUNCTION @extschema@._cast_exists(name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_cast c WHERE @extschema@._cmp_types(c.castsource, $1) AND @extschema@._cmp_types(c.casttarget, $2))
$$;
CREATE FUNCTION @extschema@.has_cast(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._cast_exists($1, $2, $3, $4), $5) $$;
CREATE FUNCTION @extschema@.has_cast(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._cast_exists($1, $2, $3, $4), 'Cast (' || quote_ident($1) || ' AS ' || quote_ident($2) || ') WITH FUNCTION ' || quote_ident($3) || '.' || quote_ident($4) || '() should exist') $$;
CREATE FUNCTION @extschema@.has_cast(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._cast_exists($1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.has_cast(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._cast_exists($1, $2, $3), 'Cast (' || quote_ident($1) || ' AS ' || quote_ident($2) || ') WITH FUNCTION ' || quote_ident($3) || '() should exist') $$;
CREATE FUNCTION @extschema@.has_cast(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._cast_exists($1, $2), $3) $$;
CREATE FUNCTION @extschema@.has_cast(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._cast_exists($1, $2), 'Cast (' || quote_ident($1) || ' AS ' || quote_ident($2) || ') should exist') $$;
CREATE FUNCTION @extschema@.hasnt_cast(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._cast_exists($1, $2, $3, $4), $5) $$;
CREATE FUNCTION @extschema@.hasnt_cast(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._cast_exists($1, $2, $3, $4), 'Cast (' || quote_ident($1) || ' AS ' || quote_ident($2) || ') WITH FUNCTION ' || quote_ident($3) || '.' || quote_ident($4) || '() should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_cast(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._cast_exists($1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.hasnt_cast(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._cast_exists($1, $2, $3), 'Cast (' || quote_ident($1) || ' AS ' || quote_ident($2) || ') WITH FUNCTION ' || quote_ident($3) || '() should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_cast(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._cast_exists($1, $2), $3) $$;
CREATE FUNCTION @extschema@.hasnt_cast(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._cast_exists($1, $2), 'Cast (' || quote_ident($1) || ' AS ' || quote_ident($2) || ') should not exist') $$;
CREATE FUNCTION @extschema@._expand_context("char") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE $1 WHEN 'i' THEN 'implicit' WHEN 'a' THEN 'assignment' WHEN 'e' THEN 'explicit' ELSE 'unknown' END
$$;
CREATE FUNCTION @extschema@.cast_context_is(name, name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN have IS NULL
    THEN @extschema@.ok(false, $4) || E'\n' || @extschema@.diag('    Cast (' || quote_ident($1) || ' AS ' || quote_ident($2) || ') does not exist')
    ELSE @extschema@.is(@extschema@._expand_context(have), @extschema@._expand_context(substr(lower($3), 1, 1)::"char"), $4) END
  FROM (SELECT (SELECT c.castcontext FROM pg_catalog.pg_cast c
                 WHERE @extschema@._cmp_types(c.castsource, $1) AND @extschema@._cmp_types(c.casttarget, $2) LIMIT 1) AS have) x
$$;
CREATE FUNCTION @extschema@.cast_context_is(name, name, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.cast_context_is($1, $2, $3, 'Cast (' || quote_ident($1) || ' AS ' || quote_ident($2) || ') context should be ' || @extschema@._expand_context(substr(lower($3), 1, 1)::"char"))
$$;

-- Operators: _op_exists(left, schema, name, right, result); a NULL left
-- (right) operand is a prefix (postfix) operator, a NULL schema one
-- visible on search_path, a NULL result any.
CREATE FUNCTION @extschema@._op_exists(name, name, name, name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_operator o JOIN pg_catalog.pg_namespace n ON n.oid = o.oprnamespace
   WHERE o.oprname = $3 AND ($2 IS NULL AND pg_catalog.pg_operator_is_visible(o.oid) OR n.nspname = $2)
     AND CASE o.oprkind WHEN 'l' THEN $1 IS NULL ELSE @extschema@._cmp_types(o.oprleft, $1) END
     AND CASE o.oprkind WHEN 'r' THEN $4 IS NULL ELSE @extschema@._cmp_types(o.oprright, $4) END
     AND ($5 IS NULL OR @extschema@._cmp_types(o.oprresult, $5)))
$$;
CREATE FUNCTION @extschema@.has_operator(name, name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, $2, $3, $4, $5), $6) $$;
CREATE FUNCTION @extschema@.has_operator(name, name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, $2, $3, $4, $5), 'Operator ' || quote_ident($2) || '.' || $3 || '(' || $1 || ',' || $4 || ') RETURNS ' || $5 || ' should exist') $$;
CREATE FUNCTION @extschema@.has_operator(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, NULL, $2, $3, $4), $5) $$;
CREATE FUNCTION @extschema@.has_operator(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, NULL, $2, $3, $4), 'Operator ' || $2 || '(' || $1 || ',' || $3 || ') RETURNS ' || $4 || ' should exist') $$;
CREATE FUNCTION @extschema@.has_operator(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, NULL, $2, $3, NULL), $4) $$;
CREATE FUNCTION @extschema@.has_operator(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, NULL, $2, $3, NULL), 'Operator ' || $2 || '(' || $1 || ',' || $3 || ') should exist') $$;
CREATE FUNCTION @extschema@.hasnt_operator(name, name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, $2, $3, $4, $5), $6) $$;
CREATE FUNCTION @extschema@.hasnt_operator(name, name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, $2, $3, $4, $5), 'Operator ' || quote_ident($2) || '.' || $3 || '(' || $1 || ',' || $4 || ') RETURNS ' || $5 || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_operator(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, NULL, $2, $3, $4), $5) $$;
CREATE FUNCTION @extschema@.hasnt_operator(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, NULL, $2, $3, $4), 'Operator ' || $2 || '(' || $1 || ',' || $3 || ') RETURNS ' || $4 || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_operator(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, NULL, $2, $3, NULL), $4) $$;
CREATE FUNCTION @extschema@.hasnt_operator(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, NULL, $2, $3, NULL), 'Operator ' || $2 || '(' || $1 || ',' || $3 || ') should not exist') $$;
CREATE FUNCTION @extschema@.has_leftop(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists(NULL, $1, $2, $3, $4), $5) $$;
CREATE FUNCTION @extschema@.has_leftop(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists(NULL, $1, $2, $3, $4), 'Left operator ' || quote_ident($1) || '.' || $2 || '(NONE,' || $3 || ') RETURNS ' || $4 || ' should exist') $$;
CREATE FUNCTION @extschema@.has_leftop(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists(NULL, NULL, $1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.has_leftop(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists(NULL, NULL, $1, $2, $3), 'Left operator ' || $1 || '(NONE,' || $2 || ') RETURNS ' || $3 || ' should exist') $$;
CREATE FUNCTION @extschema@.has_leftop(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists(NULL, NULL, $1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.has_leftop(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists(NULL, NULL, $1, $2, NULL), 'Left operator ' || $1 || '(NONE,' || $2 || ') should exist') $$;
CREATE FUNCTION @extschema@.hasnt_leftop(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists(NULL, $1, $2, $3, $4), $5) $$;
CREATE FUNCTION @extschema@.hasnt_leftop(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists(NULL, $1, $2, $3, $4), 'Left operator ' || quote_ident($1) || '.' || $2 || '(NONE,' || $3 || ') RETURNS ' || $4 || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_leftop(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists(NULL, NULL, $1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.hasnt_leftop(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists(NULL, NULL, $1, $2, $3), 'Left operator ' || $1 || '(NONE,' || $2 || ') RETURNS ' || $3 || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_leftop(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists(NULL, NULL, $1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.hasnt_leftop(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists(NULL, NULL, $1, $2, NULL), 'Left operator ' || $1 || '(NONE,' || $2 || ') should not exist') $$;
CREATE FUNCTION @extschema@.has_rightop(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, $2, $3, NULL, $4), $5) $$;
CREATE FUNCTION @extschema@.has_rightop(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, $2, $3, NULL, $4), 'Right operator ' || quote_ident($2) || '.' || $3 || '(' || $1 || ',NONE) RETURNS ' || $4 || ' should exist') $$;
CREATE FUNCTION @extschema@.has_rightop(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, NULL, $2, NULL, $3), $4) $$;
CREATE FUNCTION @extschema@.has_rightop(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, NULL, $2, NULL, $3), 'Right operator ' || $2 || '(' || $1 || ',NONE) RETURNS ' || $3 || ' should exist') $$;
CREATE FUNCTION @extschema@.has_rightop(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, NULL, $2, NULL, NULL), $3) $$;
CREATE FUNCTION @extschema@.has_rightop(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._op_exists($1, NULL, $2, NULL, NULL), 'Right operator ' || $2 || '(' || $1 || ',NONE) should exist') $$;
CREATE FUNCTION @extschema@.hasnt_rightop(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, $2, $3, NULL, $4), $5) $$;
CREATE FUNCTION @extschema@.hasnt_rightop(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, $2, $3, NULL, $4), 'Right operator ' || quote_ident($2) || '.' || $3 || '(' || $1 || ',NONE) RETURNS ' || $4 || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_rightop(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, NULL, $2, NULL, $3), $4) $$;
CREATE FUNCTION @extschema@.hasnt_rightop(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, NULL, $2, NULL, $3), 'Right operator ' || $2 || '(' || $1 || ',NONE) RETURNS ' || $3 || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_rightop(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, NULL, $2, NULL, NULL), $3) $$;
CREATE FUNCTION @extschema@.hasnt_rightop(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._op_exists($1, NULL, $2, NULL, NULL), 'Right operator ' || $2 || '(' || $1 || ',NONE) should not exist') $$;

-- Operator classes.
CREATE FUNCTION @extschema@._opc_exists(name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_opclass oc JOIN pg_catalog.pg_namespace n ON n.oid = oc.opcnamespace WHERE n.nspname = $1 AND oc.opcname = $2)
$$;
CREATE FUNCTION @extschema@._opc_exists(name) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_opclass oc WHERE oc.opcname = $1 AND pg_catalog.pg_opclass_is_visible(oc.oid))
$$;
CREATE FUNCTION @extschema@.has_opclass(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._opc_exists($1, $2), $3) $$;
CREATE FUNCTION @extschema@.has_opclass(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._opc_exists($1, $2), 'Operator class ' || quote_ident($1) || '.' || quote_ident($2) || ' should exist') $$;
CREATE FUNCTION @extschema@.has_opclass(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._opc_exists($1), $2) $$;
CREATE FUNCTION @extschema@.has_opclass(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._opc_exists($1), 'Operator class ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_opclass(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._opc_exists($1, $2), $3) $$;
CREATE FUNCTION @extschema@.hasnt_opclass(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._opc_exists($1, $2), 'Operator class ' || quote_ident($1) || '.' || quote_ident($2) || ' should not exist') $$;
CREATE FUNCTION @extschema@.hasnt_opclass(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._opc_exists($1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_opclass(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._opc_exists($1), 'Operator class ' || quote_ident($1) || ' should not exist') $$;

-- A domain's base type: _get_dtype(schema, domain, qualify) is the base
-- type as format_type prints it (schema-qualified when asked and it is
-- visible); schema NULL: the visible domain.
CREATE FUNCTION @extschema@._get_dtype(name, text, boolean) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN $3 AND pg_catalog.pg_type_is_visible(t.oid) THEN quote_ident(tn.nspname) || '.' ELSE '' END || pg_catalog.format_type(t.oid, t.typtypmod)
    FROM pg_catalog.pg_type d JOIN pg_catalog.pg_namespace dn ON dn.oid = d.typnamespace
    JOIN pg_catalog.pg_type t ON t.oid = d.typbasetype JOIN pg_catalog.pg_namespace tn ON tn.oid = t.typnamespace
   WHERE d.typisdefined AND d.typtype = 'd' AND d.typname = lower($2)
     AND ($1 IS NULL AND pg_catalog.pg_type_is_visible(d.oid) OR dn.nspname = $1)
$$;
-- _domain_type(have, want, want's schema, description, is, domain): is()
-- or isnt() of the base type, with the wanted name normalised (1.3:
-- _typename, qualified as a type outside the search path prints) or
-- quoted as the base type prints (1.2.0); a failure when the domain does
-- not exist.
CREATE FUNCTION @extschema@._domain_type(text, text, text, text, boolean, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN $1 IS NULL
    THEN @extschema@.fail($4) || E'\n' || @extschema@.diag('   Domain ' || $6 || ' does not exist')
    WHEN $5 THEN @extschema@.is($1, w, $4)
    ELSE @extschema@.isnt($1, w, $4) END
  FROM (SELECT CASE WHEN NOT @extschema@._pgtap13() THEN coalesce($3 || '.', '') || @extschema@._quote_like($2, $1)
                    WHEN $3 IS NULL THEN @extschema@._tap_type($2, false)
                    WHEN $3 = ANY(current_schemas(true)) THEN $3 || '.' || @extschema@._tap_type($2, false)
                    ELSE @extschema@._tap_type($3 || '.' || $2, false) END AS w) want
$$;
CREATE FUNCTION @extschema@.domain_type_is(name, text, name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._domain_type(@extschema@._get_dtype($1, $2, true), $4, quote_ident($3), $5, true, quote_ident($1) || '.' || $2)
$$;
CREATE FUNCTION @extschema@.domain_type_is(name, text, name, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.domain_type_is($1, $2, $3, $4, 'Domain ' || quote_ident($1) || '.' || $2 || ' should extend type ' || quote_ident($3) || '.' || $4)
$$;
CREATE FUNCTION @extschema@.domain_type_is(name, text, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._domain_type(@extschema@._get_dtype($1, $2, false), $3, NULL, $4, true, quote_ident($1) || '.' || $2)
$$;
CREATE FUNCTION @extschema@.domain_type_is(name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.domain_type_is($1, $2, $3, 'Domain ' || quote_ident($1) || '.' || $2 || ' should extend type ' || $3)
$$;
CREATE FUNCTION @extschema@.domain_type_is(text, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._domain_type(@extschema@._get_dtype(NULL, $1, false), $2, NULL, $3, true, $1)
$$;
CREATE FUNCTION @extschema@.domain_type_is(text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.domain_type_is($1, $2, 'Domain ' || $1 || ' should extend type ' || $2)
$$;
CREATE FUNCTION @extschema@.domain_type_isnt(name, text, name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._domain_type(@extschema@._get_dtype($1, $2, true), $4, quote_ident($3), $5, false, quote_ident($1) || '.' || $2)
$$;
CREATE FUNCTION @extschema@.domain_type_isnt(name, text, name, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.domain_type_isnt($1, $2, $3, $4, 'Domain ' || quote_ident($1) || '.' || $2 || ' should not extend type ' || quote_ident($3) || '.' || $4)
$$;
CREATE FUNCTION @extschema@.domain_type_isnt(name, text, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._domain_type(@extschema@._get_dtype($1, $2, false), $3, NULL, $4, false, quote_ident($1) || '.' || $2)
$$;
CREATE FUNCTION @extschema@.domain_type_isnt(name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.domain_type_isnt($1, $2, $3, 'Domain ' || quote_ident($1) || '.' || $2 || ' should not extend type ' || $3)
$$;
CREATE FUNCTION @extschema@.domain_type_isnt(text, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._domain_type(@extschema@._get_dtype(NULL, $1, false), $2, NULL, $3, false, $1)
$$;
CREATE FUNCTION @extschema@.domain_type_isnt(text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.domain_type_isnt($1, $2, 'Domain ' || $1 || ' should not extend type ' || $2)
$$;

-- hasnt_type(schema, type), which pgtap_schema.sql's forms lack.
CREATE FUNCTION @extschema@.hasnt_type(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.hasnt_type($1, $2, 'Type ' || quote_ident($1) || '.' || quote_ident($2) || ' should not exist') $$;
