-- pgTAP's routine-kind assertions (is_procedure, is_normal_function,
-- is_aggregate, is_window and their negations): pg_proc.prokind of the
-- routine whose argument types, as regtype prints them, are the ones
-- given.
-- _type_func(kind, schema, name, args): whether the routine is of that
-- kind; NULL when there is none (schema NULL: visible; args NULL: any).
CREATE FUNCTION @extschema@._type_func("char", name, name, name[]) RETURNS boolean LANGUAGE sql AS $$
  SELECT p.prokind = $1 FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
   WHERE p.proname = $3 AND ($2 IS NULL AND pg_catalog.pg_function_is_visible(p.oid) OR n.nspname = $2)
     AND ($4 IS NULL OR pg_catalog.array_to_string(p.proargtypes::regtype[], ',') = @extschema@._wanted_args($4))
   LIMIT 1
$$;
CREATE FUNCTION @extschema@._nosuch(name, name, name[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT E'\n' || @extschema@.diag('    Function ' || CASE WHEN $1 IS NOT NULL THEN quote_ident($1) || '.' ELSE '' END
    || quote_ident($2) || '(' || pg_catalog.array_to_string($3, ', ') || ') does not exist')
$$;
-- _func_compare(schema, name, args, result, description): the result,
-- or a failure saying the routine does not exist when it is NULL.
CREATE FUNCTION @extschema@._func_compare(name, name, name[], boolean, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN $4 IS NULL THEN @extschema@.ok(false, $5) || @extschema@._nosuch($1, $2, $3)
    ELSE @extschema@.ok($4, $5) END
$$;
CREATE FUNCTION @extschema@.is_procedure(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, @extschema@._type_func('p', $1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.is_procedure(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, @extschema@._type_func('p', $1, $2, $3), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ') should be a procedure') $$;
CREATE FUNCTION @extschema@.is_procedure(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', @extschema@._type_func('p', $1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.is_procedure(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', @extschema@._type_func('p', $1, $2, NULL), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '() should be a procedure') $$;
CREATE FUNCTION @extschema@.is_procedure(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, @extschema@._type_func('p', NULL, $1, $2), $3) $$;
CREATE FUNCTION @extschema@.is_procedure(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, @extschema@._type_func('p', NULL, $1, $2), 'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ') should be a procedure') $$;
CREATE FUNCTION @extschema@.is_procedure(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', @extschema@._type_func('p', NULL, $1, NULL), $2) $$;
CREATE FUNCTION @extschema@.is_procedure(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', @extschema@._type_func('p', NULL, $1, NULL), 'Function ' || quote_ident($1) || '() should be a procedure') $$;
CREATE FUNCTION @extschema@.isnt_procedure(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, NOT @extschema@._type_func('p', $1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.isnt_procedure(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, NOT @extschema@._type_func('p', $1, $2, $3), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ') should not be a procedure') $$;
CREATE FUNCTION @extschema@.isnt_procedure(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', NOT @extschema@._type_func('p', $1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.isnt_procedure(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', NOT @extschema@._type_func('p', $1, $2, NULL), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '() should not be a procedure') $$;
CREATE FUNCTION @extschema@.isnt_procedure(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, NOT @extschema@._type_func('p', NULL, $1, $2), $3) $$;
CREATE FUNCTION @extschema@.isnt_procedure(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, NOT @extschema@._type_func('p', NULL, $1, $2), 'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ') should not be a procedure') $$;
CREATE FUNCTION @extschema@.isnt_procedure(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', NOT @extschema@._type_func('p', NULL, $1, NULL), $2) $$;
CREATE FUNCTION @extschema@.isnt_procedure(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', NOT @extschema@._type_func('p', NULL, $1, NULL), 'Function ' || quote_ident($1) || '() should not be a procedure') $$;
CREATE FUNCTION @extschema@.is_normal_function(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, @extschema@._type_func('f', $1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.is_normal_function(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, @extschema@._type_func('f', $1, $2, $3), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ') should be a normal function') $$;
CREATE FUNCTION @extschema@.is_normal_function(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', @extschema@._type_func('f', $1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.is_normal_function(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', @extschema@._type_func('f', $1, $2, NULL), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '() should be a normal function') $$;
CREATE FUNCTION @extschema@.is_normal_function(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, @extschema@._type_func('f', NULL, $1, $2), $3) $$;
CREATE FUNCTION @extschema@.is_normal_function(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, @extschema@._type_func('f', NULL, $1, $2), 'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ') should be a normal function') $$;
CREATE FUNCTION @extschema@.is_normal_function(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', @extschema@._type_func('f', NULL, $1, NULL), $2) $$;
CREATE FUNCTION @extschema@.is_normal_function(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', @extschema@._type_func('f', NULL, $1, NULL), 'Function ' || quote_ident($1) || '() should be a normal function') $$;
CREATE FUNCTION @extschema@.isnt_normal_function(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, NOT @extschema@._type_func('f', $1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.isnt_normal_function(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, NOT @extschema@._type_func('f', $1, $2, $3), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ') should not be a normal function') $$;
CREATE FUNCTION @extschema@.isnt_normal_function(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', NOT @extschema@._type_func('f', $1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.isnt_normal_function(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', NOT @extschema@._type_func('f', $1, $2, NULL), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '() should not be a normal function') $$;
CREATE FUNCTION @extschema@.isnt_normal_function(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, NOT @extschema@._type_func('f', NULL, $1, $2), $3) $$;
CREATE FUNCTION @extschema@.isnt_normal_function(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, NOT @extschema@._type_func('f', NULL, $1, $2), 'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ') should not be a normal function') $$;
CREATE FUNCTION @extschema@.isnt_normal_function(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', NOT @extschema@._type_func('f', NULL, $1, NULL), $2) $$;
CREATE FUNCTION @extschema@.isnt_normal_function(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', NOT @extschema@._type_func('f', NULL, $1, NULL), 'Function ' || quote_ident($1) || '() should not be a normal function') $$;
CREATE FUNCTION @extschema@.is_aggregate(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, @extschema@._type_func('a', $1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.is_aggregate(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, @extschema@._type_func('a', $1, $2, $3), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ') should be an aggregate function') $$;
CREATE FUNCTION @extschema@.is_aggregate(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', @extschema@._type_func('a', $1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.is_aggregate(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', @extschema@._type_func('a', $1, $2, NULL), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '() should be an aggregate function') $$;
CREATE FUNCTION @extschema@.is_aggregate(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, @extschema@._type_func('a', NULL, $1, $2), $3) $$;
CREATE FUNCTION @extschema@.is_aggregate(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, @extschema@._type_func('a', NULL, $1, $2), 'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ') should be an aggregate function') $$;
CREATE FUNCTION @extschema@.is_aggregate(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', @extschema@._type_func('a', NULL, $1, NULL), $2) $$;
CREATE FUNCTION @extschema@.is_aggregate(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', @extschema@._type_func('a', NULL, $1, NULL), 'Function ' || quote_ident($1) || '() should be an aggregate function') $$;
CREATE FUNCTION @extschema@.isnt_aggregate(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, NOT @extschema@._type_func('a', $1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.isnt_aggregate(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, NOT @extschema@._type_func('a', $1, $2, $3), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ') should not be an aggregate function') $$;
CREATE FUNCTION @extschema@.isnt_aggregate(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', NOT @extschema@._type_func('a', $1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.isnt_aggregate(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', NOT @extschema@._type_func('a', $1, $2, NULL), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '() should not be an aggregate function') $$;
CREATE FUNCTION @extschema@.isnt_aggregate(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, NOT @extschema@._type_func('a', NULL, $1, $2), $3) $$;
CREATE FUNCTION @extschema@.isnt_aggregate(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, NOT @extschema@._type_func('a', NULL, $1, $2), 'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ') should not be an aggregate function') $$;
CREATE FUNCTION @extschema@.isnt_aggregate(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', NOT @extschema@._type_func('a', NULL, $1, NULL), $2) $$;
CREATE FUNCTION @extschema@.isnt_aggregate(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', NOT @extschema@._type_func('a', NULL, $1, NULL), 'Function ' || quote_ident($1) || '() should not be an aggregate function') $$;
CREATE FUNCTION @extschema@.is_window(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, @extschema@._type_func('w', $1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.is_window(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, @extschema@._type_func('w', $1, $2, $3), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ') should be a window function') $$;
CREATE FUNCTION @extschema@.is_window(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', @extschema@._type_func('w', $1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.is_window(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', @extschema@._type_func('w', $1, $2, NULL), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '() should be a window function') $$;
CREATE FUNCTION @extschema@.is_window(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, @extschema@._type_func('w', NULL, $1, $2), $3) $$;
CREATE FUNCTION @extschema@.is_window(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, @extschema@._type_func('w', NULL, $1, $2), 'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ') should be a window function') $$;
CREATE FUNCTION @extschema@.is_window(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', @extschema@._type_func('w', NULL, $1, NULL), $2) $$;
CREATE FUNCTION @extschema@.is_window(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', @extschema@._type_func('w', NULL, $1, NULL), 'Function ' || quote_ident($1) || '() should be a window function') $$;
CREATE FUNCTION @extschema@.isnt_window(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, NOT @extschema@._type_func('w', $1, $2, $3), $4) $$;
CREATE FUNCTION @extschema@.isnt_window(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, $3, NOT @extschema@._type_func('w', $1, $2, $3), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ') should not be a window function') $$;
CREATE FUNCTION @extschema@.isnt_window(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', NOT @extschema@._type_func('w', $1, $2, NULL), $3) $$;
CREATE FUNCTION @extschema@.isnt_window(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare($1, $2, '{}', NOT @extschema@._type_func('w', $1, $2, NULL), 'Function ' || quote_ident($1) || '.' || quote_ident($2) || '() should not be a window function') $$;
CREATE FUNCTION @extschema@.isnt_window(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, NOT @extschema@._type_func('w', NULL, $1, $2), $3) $$;
CREATE FUNCTION @extschema@.isnt_window(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, $2, NOT @extschema@._type_func('w', NULL, $1, $2), 'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ') should not be a window function') $$;
CREATE FUNCTION @extschema@.isnt_window(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', NOT @extschema@._type_func('w', NULL, $1, NULL), $2) $$;
CREATE FUNCTION @extschema@.isnt_window(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._func_compare(NULL, $1, '{}', NOT @extschema@._type_func('w', NULL, $1, NULL), 'Function ' || quote_ident($1) || '() should not be a window function') $$;
