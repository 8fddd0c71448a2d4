-- pgTAP's cursor forms, row_eq, the set/bag containment assertions,
-- foreign key assertions and the xUnit runner (runtests), appended to
-- pgtap.sql's script.

-- results_eq / results_ne over cursors compare the rows left in them:
-- FETCH ALL from the cursor a refcursor names.
CREATE FUNCTION @extschema@._cursor_rows(refcursor) RETURNS text LANGUAGE sql AS $$ SELECT 'FETCH ALL FROM ' || pg_catalog.quote_ident($1::text) $$;
CREATE FUNCTION @extschema@.results_eq(refcursor, refcursor, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('results_eq', @extschema@._cursor_rows($1), @extschema@._cursor_rows($2), $3) $$;
CREATE FUNCTION @extschema@.results_eq(refcursor, refcursor) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.results_eq($1, $2, NULL::text) $$;
CREATE FUNCTION @extschema@.results_eq(text, refcursor, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('results_eq', $1, @extschema@._cursor_rows($2), $3) $$;
CREATE FUNCTION @extschema@.results_eq(text, refcursor) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.results_eq($1, $2, NULL::text) $$;
CREATE FUNCTION @extschema@.results_eq(refcursor, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('results_eq', @extschema@._cursor_rows($1), $2, $3) $$;
CREATE FUNCTION @extschema@.results_eq(refcursor, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.results_eq($1, $2, NULL::text) $$;
CREATE FUNCTION @extschema@.results_ne(refcursor, refcursor, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('results_ne', @extschema@._cursor_rows($1), @extschema@._cursor_rows($2), $3) $$;
CREATE FUNCTION @extschema@.results_ne(refcursor, refcursor) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.results_ne($1, $2, NULL::text) $$;
CREATE FUNCTION @extschema@.results_ne(text, refcursor, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('results_ne', $1, @extschema@._cursor_rows($2), $3) $$;
CREATE FUNCTION @extschema@.results_ne(text, refcursor) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.results_ne($1, $2, NULL::text) $$;
CREATE FUNCTION @extschema@.results_ne(refcursor, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('results_ne', @extschema@._cursor_rows($1), $2, $3) $$;
CREATE FUNCTION @extschema@.results_ne(refcursor, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.results_ne($1, $2, NULL::text) $$;

-- Containment: set_has / bag_has report the wanted rows the query lacks,
-- set_hasnt / bag_hasnt the unwanted rows it returns.
CREATE FUNCTION @extschema@.set_has(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('set_has', $1, $2, $3) $$;
CREATE FUNCTION @extschema@.set_has(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('set_has', $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.bag_has(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('bag_has', $1, $2, $3) $$;
CREATE FUNCTION @extschema@.bag_has(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('bag_has', $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.set_hasnt(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('set_hasnt', $1, $2, $3) $$;
CREATE FUNCTION @extschema@.set_hasnt(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('set_hasnt', $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.bag_hasnt(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('bag_hasnt', $1, $2, $3) $$;
CREATE FUNCTION @extschema@.bag_hasnt(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('bag_hasnt', $1, $2, NULL) $$;

-- row_eq(query, row, description): the query's first row against a row
-- value, compared as their text forms. (pgTAP declares the row
-- anyelement; a record argument takes a row of any type, and only a C
-- function may have one.)
CREATE FUNCTION @extschema@.row_eq(text, record, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_row_eq' LANGUAGE c;
CREATE FUNCTION @extschema@.row_eq(text, record) RETURNS text
AS 'MODULE_PATHNAME', 'tap_row_eq' LANGUAGE c;

-- Foreign keys. _idents lists names quoted as identifiers; _fk_keys are
-- a table's foreign keys as (columns, referenced schema, table, columns).
CREATE FUNCTION @extschema@._idents(name[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT pg_catalog.array_to_string(ARRAY(SELECT pg_catalog.quote_ident($1[i]) FROM pg_catalog.generate_series(1, pg_catalog.array_upper($1, 1)) s(i) ORDER BY i), ', ')
$$;
CREATE FUNCTION @extschema@._fk_keys(name, name) RETURNS TABLE(cols name[], pk_schema name, pk_table name, pk_cols name[]) LANGUAGE sql AS $$
  SELECT ARRAY(SELECT a.attname FROM pg_catalog.pg_attribute a WHERE a.attrelid = k.conrelid AND a.attnum = ANY(k.conkey)
                ORDER BY pg_catalog.array_position(k.conkey, a.attnum)),
         pn.nspname, pc.relname,
         ARRAY(SELECT a.attname FROM pg_catalog.pg_attribute a WHERE a.attrelid = k.confrelid AND a.attnum = ANY(k.confkey)
                ORDER BY pg_catalog.array_position(k.confkey, a.attnum))
    FROM pg_catalog.pg_constraint k
    JOIN pg_catalog.pg_class c ON c.oid = k.conrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_class pc ON pc.oid = k.confrelid JOIN pg_catalog.pg_namespace pn ON pn.oid = pc.relnamespace
   WHERE k.contype = 'f' AND c.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1)
$$;
CREATE FUNCTION @extschema@._fk_ok(name, name, name[], name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.is(
    coalesce(quote_ident($1) || '.', '') || CASE WHEN $1 IS NULL THEN $2::text ELSE quote_ident($2) END || '(' || @extschema@._idents($3) || ') REFERENCES '
      || coalesce((SELECT coalesce(CASE WHEN $1 IS NULL THEN NULL ELSE k.pk_schema || '.' END, '') || k.pk_table || '(' || @extschema@._idents(k.pk_cols) || ')'
                     FROM @extschema@._fk_keys($1, $2) k WHERE k.cols = $3 LIMIT 1), 'NOTHING'),
    coalesce(quote_ident($1) || '.', '') || CASE WHEN $1 IS NULL THEN $2::text ELSE quote_ident($2) END || '(' || @extschema@._idents($3) || ') REFERENCES '
      || coalesce($4 || '.', '') || $5 || '(' || @extschema@._idents($6) || ')',
    $7)
$$;
CREATE FUNCTION @extschema@.fk_ok(name, name, name[], name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._fk_ok($1, $2, $3, $4, $5, $6, $7) $$;
CREATE FUNCTION @extschema@.fk_ok(name, name[], name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._fk_ok(NULL, $1, $2, NULL, $3, $4, $5) $$;
CREATE FUNCTION @extschema@.fk_ok(name, name, name[], name, name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._fk_ok($1, $2, $3, $4, $5, $6, quote_ident($1) || '.' || quote_ident($2) || '(' || @extschema@._idents($3) || ') should reference ' || $4 || '.' || $5 || '(' || @extschema@._idents($6) || ')')
$$;
CREATE FUNCTION @extschema@.fk_ok(name, name[], name, name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._fk_ok(NULL, $1, $2, NULL, $3, $4, $1 || '(' || @extschema@._idents($2) || ') should reference ' || $3 || '(' || @extschema@._idents($4) || ')')
$$;
CREATE FUNCTION @extschema@.fk_ok(name, name, name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.fk_ok($1, $2, ARRAY[$3], $4, $5, ARRAY[$6], $7) $$;
CREATE FUNCTION @extschema@.fk_ok(name, name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.fk_ok($1, $2, ARRAY[$3], $4, $5, ARRAY[$6::name]) $$;
CREATE FUNCTION @extschema@.fk_ok(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.fk_ok($1, ARRAY[$2], $3, ARRAY[$4], $5) $$;
CREATE FUNCTION @extschema@.fk_ok(name, name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.fk_ok($1, ARRAY[$2], $3, ARRAY[$4]) $$;

CREATE FUNCTION @extschema@._col_is_fk(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM @extschema@._fk_keys($1, $2) k WHERE k.cols = $3) THEN @extschema@.pass($4)
    WHEN EXISTS (SELECT 1 FROM @extschema@._fk_keys($1, $2)) THEN @extschema@._tap(false, $4,
      '    Table ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || E' has foreign key constraints on these columns:\n        '
      || pg_catalog.array_to_string(ARRAY(SELECT @extschema@._idents(k.cols) FROM @extschema@._fk_keys($1, $2) k ORDER BY k.cols), E'\n        '))
    ELSE @extschema@._tap(false, $4, '    Table ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || ' has no foreign key columns')
  END
$$;
CREATE FUNCTION @extschema@.col_is_fk(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_is_fk($1, $2, $3, $4) $$;
CREATE FUNCTION @extschema@.col_is_fk(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_is_fk(NULL, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.col_is_fk(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_fk($1, $2, 'Columns ' || quote_ident($1) || '(' || @extschema@._idents($2) || ') should be a foreign key') $$;
CREATE FUNCTION @extschema@.col_is_fk(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_fk($1, $2, ARRAY[$3], $4) $$;
CREATE FUNCTION @extschema@.col_is_fk(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_fk($1, ARRAY[$2], $3) $$;
CREATE FUNCTION @extschema@.col_is_fk(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_fk($1, $2, 'Column ' || quote_ident($1) || '(' || quote_ident($2) || ') should be a foreign key') $$;
CREATE FUNCTION @extschema@._col_isnt_fk(name, name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.ok(NOT EXISTS (SELECT 1 FROM @extschema@._fk_keys($1, $2) k WHERE k.cols = $3), $4)
$$;
CREATE FUNCTION @extschema@.col_isnt_fk(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_isnt_fk($1, $2, $3, $4) $$;
CREATE FUNCTION @extschema@.col_isnt_fk(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_isnt_fk(NULL, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.col_isnt_fk(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_isnt_fk($1, $2, 'Columns ' || quote_ident($1) || '(' || @extschema@._idents($2) || ') should not be a foreign key') $$;
CREATE FUNCTION @extschema@.col_isnt_fk(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_isnt_fk($1, $2, ARRAY[$3], $4) $$;
CREATE FUNCTION @extschema@.col_isnt_fk(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_isnt_fk($1, ARRAY[$2], $3) $$;
CREATE FUNCTION @extschema@.col_isnt_fk(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_isnt_fk($1, $2, 'Column ' || quote_ident($1) || '(' || quote_ident($2) || ') should not be a foreign key') $$;

-- xUnit-style tests: runtests(schema, pattern) (pgtap_runner.go).
CREATE FUNCTION @extschema@._runtests(name, text) RETURNS SETOF text
AS 'MODULE_PATHNAME', 'tap_runtests' LANGUAGE c;
CREATE FUNCTION @extschema@.runtests(name, text) RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@._runtests($1, $2) $$;
CREATE FUNCTION @extschema@.runtests(name) RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@.runtests($1, '^test') $$;
CREATE FUNCTION @extschema@.runtests(text) RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@._runtests(NULL, $1) $$;
CREATE FUNCTION @extschema@.runtests() RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@.runtests('^test'::text) $$;

-- col_isnt_pk: the primary key's columns (NULL: none) are not these.
CREATE FUNCTION @extschema@._pk_cols(name, name) RETURNS name[] LANGUAGE sql AS $$
  SELECT CASE WHEN pg_catalog.cardinality(k) = 0 THEN NULL ELSE k END FROM (SELECT @extschema@._ckeys($1, $2, 'p') AS k) s
$$;
CREATE FUNCTION @extschema@.col_isnt_pk(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.isnt(@extschema@._pk_cols($1, $2), $3, $4) $$;
CREATE FUNCTION @extschema@.col_isnt_pk(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.isnt(@extschema@._pk_cols(NULL, $1), $2, $3) $$;
CREATE FUNCTION @extschema@.col_isnt_pk(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_isnt_pk($1, $2, 'Columns ' || quote_ident($1) || '(' || @extschema@._idents($2) || ') should not be a primary key') $$;
CREATE FUNCTION @extschema@.col_isnt_pk(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_isnt_pk($1, $2, ARRAY[$3], $4) $$;
CREATE FUNCTION @extschema@.col_isnt_pk(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_isnt_pk($1, ARRAY[$2], $3) $$;
CREATE FUNCTION @extschema@.col_isnt_pk(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_isnt_pk($1, $2, 'Column ' || quote_ident($1) || '(' || quote_ident($2) || ') should not be a primary key') $$;

-- findfuncs and do_tap: the test functions matching a pattern, run in
-- name order (pgtap_runner.go).
CREATE FUNCTION @extschema@._findfuncs(name, text, text) RETURNS text[]
AS 'MODULE_PATHNAME', 'tap_findfuncs' LANGUAGE c;
CREATE FUNCTION @extschema@.findfuncs(name, text, text) RETURNS text[] LANGUAGE sql AS $$ SELECT @extschema@._findfuncs($1, $2, $3) $$;
CREATE FUNCTION @extschema@.findfuncs(name, text) RETURNS text[] LANGUAGE sql AS $$ SELECT @extschema@._findfuncs($1, $2, NULL) $$;
CREATE FUNCTION @extschema@.findfuncs(text, text) RETURNS text[] LANGUAGE sql AS $$ SELECT @extschema@._findfuncs(NULL, $1, $2) $$;
CREATE FUNCTION @extschema@.findfuncs(text) RETURNS text[] LANGUAGE sql AS $$ SELECT @extschema@._findfuncs(NULL, $1, NULL) $$;
CREATE FUNCTION @extschema@._do_tap(name, text) RETURNS SETOF text
AS 'MODULE_PATHNAME', 'tap_do_tap' LANGUAGE c;
CREATE FUNCTION @extschema@.do_tap(name, text) RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@._do_tap($1, $2) $$;
CREATE FUNCTION @extschema@.do_tap(name) RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@._do_tap($1, '^test') $$;
CREATE FUNCTION @extschema@.do_tap(text) RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@._do_tap(NULL, $1) $$;
CREATE FUNCTION @extschema@.do_tap() RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@._do_tap(NULL, '^test') $$;

-- Unique and check constraints. _keys are the column lists of a table's
-- constraints of one type, sorted as pgTAP sorts them (by the lists);
-- _constraint passes when one is the wanted list and otherwise shows
-- them all.
CREATE FUNCTION @extschema@._keys(name, name, char) RETURNS SETOF name[] LANGUAGE sql AS $$
  SELECT ARRAY(SELECT a.attname FROM pg_catalog.pg_attribute a WHERE a.attrelid = k.conrelid AND a.attnum = ANY(k.conkey)
                ORDER BY pg_catalog.array_position(k.conkey, a.attnum))
    FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_class c ON c.oid = k.conrelid
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
   WHERE k.contype = $3 AND c.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1)
   ORDER BY 1
$$;
CREATE FUNCTION @extschema@._constraint(name, name, char, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM @extschema@._keys($1, $2, $3) k WHERE k = $4) THEN @extschema@.pass($5)
    ELSE @extschema@._tap(false, $5, '        have: '
      || pg_catalog.array_to_string(ARRAY(SELECT k::text FROM @extschema@._keys($1, $2, $3) k), E'\n              ')
      || E'\n        want: ' || coalesce($4::text, 'NULL'))
  END
$$;
CREATE FUNCTION @extschema@.has_unique(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._hasc($1, $2, 'u'), $3) $$;
CREATE FUNCTION @extschema@.has_unique(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._hasc($1, 'u'), $2) $$;
CREATE FUNCTION @extschema@.has_unique(text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_unique($1, 'Table ' || quote_ident($1) || ' should have a unique constraint') $$;
CREATE FUNCTION @extschema@.col_is_unique(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._constraint($1, $2, 'u', $3, $4) $$;
CREATE FUNCTION @extschema@.col_is_unique(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_unique($1, $2, $3, 'Columns ' || quote_ident($2) || '(' || @extschema@._idents($3) || ') should have a unique constraint') $$;
CREATE FUNCTION @extschema@.col_is_unique(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_unique($1, $2, ARRAY[$3], 'Column ' || quote_ident($2) || '(' || quote_ident($3) || ') should have a unique constraint') $$;
CREATE FUNCTION @extschema@.col_is_unique(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._constraint(NULL, $1, 'u', $2, $3) $$;
CREATE FUNCTION @extschema@.col_is_unique(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_unique($1, $2, 'Columns ' || quote_ident($1) || '(' || @extschema@._idents($2) || ') should have a unique constraint') $$;
CREATE FUNCTION @extschema@.col_is_unique(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_unique($1, $2, ARRAY[$3], $4) $$;
CREATE FUNCTION @extschema@.col_is_unique(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_unique($1, ARRAY[$2], $3) $$;
CREATE FUNCTION @extschema@.col_is_unique(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_unique($1, $2, 'Column ' || quote_ident($1) || '(' || quote_ident($2) || ') should have a unique constraint') $$;
CREATE FUNCTION @extschema@.has_check(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._hasc($1, $2, 'c'), $3) $$;
CREATE FUNCTION @extschema@.has_check(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._hasc($1, 'c'), $2) $$;
CREATE FUNCTION @extschema@.has_check(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_check($1, 'Table ' || quote_ident($1) || ' should have a check constraint') $$;
CREATE FUNCTION @extschema@.col_has_check(name, name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._constraint($1, $2, 'c', $3, $4) $$;
CREATE FUNCTION @extschema@.col_has_check(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._constraint(NULL, $1, 'c', $2, $3) $$;
CREATE FUNCTION @extschema@.col_has_check(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_has_check($1, $2, 'Columns ' || quote_ident($1) || '(' || @extschema@._idents($2) || ') should have a check constraint') $$;
CREATE FUNCTION @extschema@.col_has_check(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_has_check($1, $2, ARRAY[$3], $4) $$;
CREATE FUNCTION @extschema@.col_has_check(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_has_check($1, ARRAY[$2], $3) $$;
CREATE FUNCTION @extschema@.col_has_check(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_has_check($1, $2, 'Column ' || quote_ident($1) || '(' || quote_ident($2) || ') should have a check constraint') $$;

-- is / isnt over rows of any composite type (pgTAP's anyelement forms):
-- compared as their text forms, as is() prints them.
CREATE FUNCTION @extschema@.is(record, record, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_is_record' LANGUAGE c;
CREATE FUNCTION @extschema@.is(record, record) RETURNS text
AS 'MODULE_PATHNAME', 'tap_is_record' LANGUAGE c;
CREATE FUNCTION @extschema@.isnt(record, record, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_isnt_record' LANGUAGE c;
CREATE FUNCTION @extschema@.isnt(record, record) RETURNS text
AS 'MODULE_PATHNAME', 'tap_isnt_record' LANGUAGE c;

-- pgTAP's internal counters, which its own tests read and set: 'plan',
-- 'curr_test' and 'failed'.
CREATE FUNCTION @extschema@._get(text) RETURNS integer
AS 'MODULE_PATHNAME', 'tap_get' LANGUAGE c STRICT;
CREATE FUNCTION @extschema@._set(text, integer) RETURNS integer
AS 'MODULE_PATHNAME', 'tap_set' LANGUAGE c;

-- trigger_is(table, trigger, function[, description]) on a visible table:
-- the function's bare name.
CREATE FUNCTION @extschema@._trig_fn(name, name) RETURNS text LANGUAGE sql AS $$
  SELECT p.proname::text FROM pg_catalog.pg_trigger t JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
    JOIN pg_catalog.pg_proc p ON p.oid = t.tgfoid
   WHERE c.relname = $1 AND t.tgname = $2 AND pg_catalog.pg_table_is_visible(c.oid) LIMIT 1
$$;
CREATE FUNCTION @extschema@.trigger_is(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is(@extschema@._trig_fn($1, $2), $3::text, $4) $$;
CREATE FUNCTION @extschema@.trigger_is(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.trigger_is($1, $2, $3, 'Trigger ' || quote_ident($2) || ' should call ' || quote_ident($3) || '()') $$;



-- has_user / hasnt_user: roles that can log in.
CREATE FUNCTION @extschema@._has_user(name) RETURNS boolean LANGUAGE sql STRICT AS $$ SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_user WHERE usename = $1) $$;
CREATE FUNCTION @extschema@.has_user(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_user($1), $2) $$;
CREATE FUNCTION @extschema@.has_user(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_user($1), 'User ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_user(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_user($1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_user(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_user($1), 'User ' || quote_ident($1) || ' should not exist') $$;

-- Groups (roles that cannot log in, pg_group) and role membership.
CREATE FUNCTION @extschema@._has_group(name) RETURNS boolean LANGUAGE sql STRICT AS $$ SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_group WHERE groname = $1) $$;
CREATE FUNCTION @extschema@.has_group(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_group($1), $2) $$;
CREATE FUNCTION @extschema@.has_group(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._has_group($1), 'Group ' || quote_ident($1) || ' should exist') $$;
CREATE FUNCTION @extschema@.hasnt_group(name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_group($1), $2) $$;
CREATE FUNCTION @extschema@.hasnt_group(name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(NOT @extschema@._has_group($1), 'Group ' || quote_ident($1) || ' should not exist') $$;
-- _members_of(role, names, want_in): the names (quoted, in order) that are
-- (want_in false) or are not (want_in true) direct members of role.
CREATE FUNCTION @extschema@._members_of(name, name[], boolean) RETURNS text[] LANGUAGE sql AS $$
  SELECT ARRAY(
    SELECT quote_ident(m.name)
      FROM unnest($2) WITH ORDINALITY AS m(name, i)
      LEFT JOIN pg_catalog.pg_roles r ON r.rolname = m.name
     WHERE EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members am JOIN pg_catalog.pg_roles g ON g.oid = am.roleid
                    WHERE g.rolname = $1 AND am.member = r.oid) <> $3
     ORDER BY m.i)
$$;
CREATE FUNCTION @extschema@._membership(name, name[], text, boolean) RETURNS text LANGUAGE sql AS $$
  SELECT CASE
    WHEN NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $1)
      THEN @extschema@.fail($3) || E'\n' || @extschema@.diag('    Role ' || quote_ident($1) || ' does not exist')
    WHEN cardinality(odd) = 0 THEN @extschema@.ok(true, $3)
    ELSE @extschema@.ok(false, $3) || E'\n' || @extschema@.diag(
      CASE WHEN $4 THEN '    Members missing from the ' || quote_ident($1) || E' role:\n        '
           ELSE '    Members, who should not be in ' || quote_ident($1) || E' role:\n        ' END
      || array_to_string(odd, E'\n        '))
  END
  FROM (SELECT @extschema@._members_of($1, $2, $4) AS odd) s
$$;
CREATE FUNCTION @extschema@.is_member_of(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._membership($1, $2, $3, true) $$;
CREATE FUNCTION @extschema@.is_member_of(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is_member_of($1, ARRAY[$2], $3) $$;
CREATE FUNCTION @extschema@.is_member_of(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is_member_of($1, $2, 'Should have members of role ' || quote_ident($1)) $$;
CREATE FUNCTION @extschema@.is_member_of(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.is_member_of($1, ARRAY[$2]) $$;
CREATE FUNCTION @extschema@.isnt_member_of(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._membership($1, $2, $3, false) $$;
CREATE FUNCTION @extschema@.isnt_member_of(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.isnt_member_of($1, ARRAY[$2], $3) $$;
CREATE FUNCTION @extschema@.isnt_member_of(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.isnt_member_of($1, $2, 'Should not have members of role ' || quote_ident($1)) $$;
CREATE FUNCTION @extschema@.isnt_member_of(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.isnt_member_of($1, ARRAY[$2]) $$;

-- Column types with their schema, and column defaults.
-- _quote_like(want, have) quotes a wanted type name as the column's
-- type prints (format_type quotes a mixed-case name, and keeps a
-- typmod such as "(8,0)" outside the quotes), so 'myType' names "myType".
CREATE FUNCTION @extschema@._quote_like(text, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN $2 !~ '"' THEN $1
    WHEN $2 ~ '"$' OR p.mod IS NULL THEN quote_ident($1)
    ELSE quote_ident(left($1, length($1) - length(p.mod))) || p.mod END
  FROM (SELECT substring($1 FROM '[(][^")]+[)]$') AS mod) p
$$;
-- _col_ns_type(schema, table, column) is the column's type with its
-- schema always named: format_type leaves a visible type unqualified.
CREATE FUNCTION @extschema@._col_ns_type(name, name, name) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN pg_catalog.pg_type_is_visible(t.oid) THEN quote_ident(tn.nspname) || '.' ELSE '' END
         || pg_catalog.format_type(a.atttypid, a.atttypmod)
    FROM pg_catalog.pg_namespace n JOIN pg_catalog.pg_class c ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_attribute a ON c.oid = a.attrelid
    JOIN pg_catalog.pg_type t ON t.oid = a.atttypid JOIN pg_catalog.pg_namespace tn ON tn.oid = t.typnamespace
   WHERE n.nspname = $1 AND c.relname = $2 AND a.attname = $3 AND a.attnum > 0 AND NOT a.attisdropped
$$;
-- col_type_is(schema, table, column, type's schema, type, description):
-- since 1.3 the wanted type is normalised (format_type_string) and a
-- missing one said so; 1.2.0 quotes it as the column's type prints.
CREATE FUNCTION @extschema@.col_type_is(name, name, name, name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN h.typ IS NULL
    THEN @extschema@._tap(false, $6, '   Column ' || quote_ident($1) || '.' || quote_ident($2) || '.' || quote_ident($3) || ' does not exist')
    WHEN w.typ IS NULL AND w.v13 THEN @extschema@._tap(false, $6, '    Type ' || quote_ident($4) || '.' || $5 || ' does not exist')
    ELSE @extschema@._tap(h.typ = w.typ, $6, '        have: ' || h.typ || E'\n        want: ' || w.typ) END
  FROM (SELECT @extschema@._col_ns_type($1, $2, $3) AS typ, @extschema@._pgtap13() AS v13) h,
       LATERAL (SELECT h.v13, CASE WHEN NOT h.v13 THEN quote_ident($4) || '.' || @extschema@._quote_like($5, h.typ)
                                   WHEN quote_ident($4) = ANY(current_schemas(true)) THEN quote_ident($4) || '.' || @extschema@._tap_type($5, true)
                                   ELSE @extschema@._tap_type(quote_ident($4) || '.' || $5, true) END AS typ) w
$$;
CREATE FUNCTION @extschema@.col_type_is(name, name, name, name, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@.col_type_is($1, $2, $3, $4, $5, 'Column ' || quote_ident($1) || '.' || quote_ident($2) || '.' || quote_ident($3) || ' should be type ' || quote_ident($4) || '.' || $5)
$$;

-- _col_def(schema, table, column) is the column's default as
-- pg_get_expr prints it, and its type; schema NULL means visible tables.
CREATE FUNCTION @extschema@._col_def(name, name, name) RETURNS TABLE(hasdef boolean, expr text, typ text) LANGUAGE sql AS $$
  SELECT a.atthasdef, pg_catalog.pg_get_expr(d.adbin, d.adrelid), pg_catalog.format_type(a.atttypid, a.atttypmod)
    FROM pg_catalog.pg_namespace n JOIN pg_catalog.pg_class c ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_attribute a ON c.oid = a.attrelid
    LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
   WHERE c.relname = $2 AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1) AND a.attnum > 0 AND NOT a.attisdropped AND a.attname = $3
$$;
-- _col_no_def(schema, table, column, description) is col_hasnt_default.
CREATE FUNCTION @extschema@._col_no_def(name, name, name, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN d.hasdef IS NULL
    THEN @extschema@._tap(false, $4, '    Column ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || '.' || quote_ident($3) || ' does not exist')
    ELSE @extschema@._tap(NOT d.hasdef, $4, NULL) END
  FROM (SELECT 1) one LEFT JOIN @extschema@._col_def($1, $2, $3) d ON true
$$;
CREATE FUNCTION @extschema@.col_hasnt_default(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_no_def($1, $2, $3, $4) $$;
CREATE FUNCTION @extschema@.col_hasnt_default(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_no_def(NULL, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.col_hasnt_default(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._col_no_def(NULL, $1, $2, 'Column ' || quote_ident($1) || '.' || quote_ident($2) || ' should not have a default') $$;
-- _cdi(schema, table, column, want, description) is col_default_is: the
-- default is compared as a value of the column's type, except a call,
-- a cast or an SQL keyword such as CURRENT_USER, compared as text (Go).
CREATE FUNCTION @extschema@._cdi(name, name, name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN d.hasdef IS NULL
    THEN @extschema@._tap(false, $5, '    Column ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || '.' || quote_ident($3) || ' does not exist')
    WHEN NOT d.hasdef
    THEN @extschema@._tap(false, $5, '    Column ' || coalesce(quote_ident($1) || '.', '') || quote_ident($2) || '.' || quote_ident($3) || ' has no default')
    ELSE @extschema@._def_is(d.expr, d.typ, $4, $5) END
  FROM (SELECT 1) one LEFT JOIN @extschema@._col_def($1, $2, $3) d ON true
$$;
CREATE FUNCTION @extschema@._def_is(text, text, text, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_def_is' LANGUAGE c;
CREATE FUNCTION @extschema@._temptable(text, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_temptable' LANGUAGE c;
