-- The lists the *_are assertions (pgtap_are.go) compare with the names a
-- test gives. A schema argument of NULL means what the search path finds
-- outside pg_catalog and information_schema, as pgTAP's signatures without
-- a schema do.

-- _texts_are: _names_are for names that are not identifiers (casts,
-- operators), reported as they are, unquoted.
CREATE FUNCTION @extschema@._texts_are(text, text[], text[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._areni($1,
    ARRAY(SELECT x FROM unnest($2) x EXCEPT SELECT y FROM unnest($3) y),
    ARRAY(SELECT y FROM unnest($3) y EXCEPT SELECT x FROM unnest($2) x), $4)
$$;

-- _rels(kinds, schema): the relations of those relkinds, leaving out
-- pgTAP's own (its test state in pg_temp, which the search path finds
-- first, is never a test's table).
CREATE FUNCTION @extschema@._rels(char[], name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind = ANY($1)
                  AND c.relname NOT IN ('pg_all_foreign_keys', 'tap_funky', '__tresults___numb_seq', '__tcache___id_seq')
                  AND CASE WHEN $2 IS NULL
                           THEN n.nspname NOT IN ('pg_catalog', 'information_schema') AND pg_catalog.pg_table_is_visible(c.oid)
                                AND c.relname <> '__tcache__'
                           ELSE n.nspname = $2 END)
$$;

CREATE FUNCTION @extschema@._funcs(name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT DISTINCT p.proname FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                WHERE CASE WHEN $1 IS NULL
                           THEN n.nspname NOT IN ('pg_catalog', 'information_schema') AND pg_catalog.pg_function_is_visible(p.oid)
                           ELSE n.nspname = $1 END)
$$;

-- _wanted_types(names): the types a test names, through _typename since
-- 1.3, as written in 1.2.0.
CREATE FUNCTION @extschema@._wanted_types(name[]) RETURNS name[] LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN @extschema@._pgtap13() THEN ARRAY(SELECT @extschema@._tap_type(x, false)::name FROM unnest($1) WITH ORDINALITY u(x, i) ORDER BY i) ELSE $1 END
$$;
-- _types(schema, kinds): the types of those typtypes (NULL: any), not
-- counting table row types and array types.
CREATE FUNCTION @extschema@._types(name, char[]) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT t.typname FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
                WHERE (t.typrelid = 0 OR (SELECT c.relkind = 'c' FROM pg_catalog.pg_class c WHERE c.oid = t.typrelid))
                  AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_type el WHERE el.oid = t.typelem AND el.typarray = t.oid)
                  AND ($2 IS NULL OR t.typtype = ANY($2))
                  AND CASE WHEN $1 IS NULL
                           THEN n.nspname NOT IN ('pg_catalog', 'information_schema') AND pg_catalog.pg_type_is_visible(t.oid)
                           ELSE n.nspname = $1 END)
$$;

CREATE FUNCTION @extschema@._opclasses(name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT oc.opcname FROM pg_catalog.pg_opclass oc JOIN pg_catalog.pg_namespace n ON n.oid = oc.opcnamespace
                WHERE CASE WHEN $1 IS NULL
                           THEN n.nspname NOT IN ('pg_catalog', 'information_schema') AND pg_catalog.pg_opclass_is_visible(oc.oid)
                           ELSE n.nspname = $1 END)
$$;

-- _operators: each operator as "name(left,right) RETURNS result", the
-- types as format_type prints them and NONE for a prefix operator's
-- missing left operand, as regoperator has it.
CREATE FUNCTION @extschema@._operators(name) RETURNS text[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT o.oprname || '(' || CASE WHEN o.oprleft = 0 THEN 'NONE' ELSE pg_catalog.format_type(o.oprleft, NULL) END
                      || ',' || CASE WHEN o.oprright = 0 THEN 'NONE' ELSE pg_catalog.format_type(o.oprright, NULL) END
                      || ') RETURNS ' || pg_catalog.format_type(o.oprresult, NULL)
                 FROM pg_catalog.pg_operator o JOIN pg_catalog.pg_namespace n ON n.oid = o.oprnamespace
                WHERE CASE WHEN $1 IS NULL
                           THEN n.nspname NOT IN ('pg_catalog', 'information_schema') AND pg_catalog.pg_operator_is_visible(o.oid)
                           ELSE n.nspname = $1 END)
$$;

-- _extensions: every extension when no schema is given (extensions are
-- not found through the search path).
CREATE FUNCTION @extschema@._extensions(name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT x.extname FROM pg_catalog.pg_extension x JOIN pg_catalog.pg_namespace n ON n.oid = x.extnamespace
                WHERE $1 IS NULL OR n.nspname = $1)
$$;

-- Per table (schema NULL: the table the search path finds).
CREATE FUNCTION @extschema@._cols(name, name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT a.attname FROM pg_catalog.pg_namespace n JOIN pg_catalog.pg_class c ON n.oid = c.relnamespace
                 JOIN pg_catalog.pg_attribute a ON c.oid = a.attrelid
                WHERE c.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1) AND a.attnum > 0 AND NOT a.attisdropped)
$$;
CREATE FUNCTION @extschema@._indexes(name, name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT ci.relname FROM pg_catalog.pg_index x
                 JOIN pg_catalog.pg_class ct ON ct.oid = x.indrelid
                 JOIN pg_catalog.pg_class ci ON ci.oid = x.indexrelid
                 JOIN pg_catalog.pg_namespace n ON n.oid = ct.relnamespace
                WHERE ct.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(ct.oid) OR n.nspname = $1))
$$;
-- A view's own _RETURN rule is not one of its rules here.
CREATE FUNCTION @extschema@._rules(name, name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT r.rulename FROM pg_catalog.pg_rewrite r
                 JOIN pg_catalog.pg_class c ON c.oid = r.ev_class
                 JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relname = $2 AND r.rulename <> '_RETURN'
                  AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1))
$$;
-- Triggers: with no schema, a table of that name in any user schema.
CREATE FUNCTION @extschema@._triggers(name, name) RETURNS name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT t.tgname FROM pg_catalog.pg_trigger t JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
                 JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relname = $2 AND NOT t.tgisinternal
                  AND ($1 IS NULL AND n.nspname NOT IN ('pg_catalog', 'information_schema') OR n.nspname = $1))
$$;
