-- pgTAP stand-in: pgTAP's SQL API, each function printing the TAP text
-- pgTAP prints. Relocatable: every object goes to @extschema@. The test
-- bookkeeping and the functions that run a query given as text are Go
-- (pgtap.go); the overloads pgTAP declares over anyelement are generated
-- per type (pgtap_types.go) and appended to this script.

-- Planning.
CREATE FUNCTION @extschema@.plan(integer) RETURNS text
AS 'MODULE_PATHNAME', 'tap_plan' LANGUAGE c STRICT;
CREATE FUNCTION @extschema@.no_plan() RETURNS SETOF boolean
AS 'MODULE_PATHNAME', 'tap_no_plan' LANGUAGE c;
CREATE FUNCTION @extschema@.finish(exception_on_failure boolean DEFAULT NULL) RETURNS SETOF text
AS 'MODULE_PATHNAME', 'tap_finish' LANGUAGE c;
CREATE FUNCTION @extschema@.num_failed() RETURNS integer
AS 'MODULE_PATHNAME', 'tap_num_failed' LANGUAGE c;
-- _pgtap13(): whether the installed version is 1.3 or later (pgtap_version.go).
CREATE FUNCTION @extschema@._pgtap13() RETURNS boolean
AS 'MODULE_PATHNAME', 'tap_v13' LANGUAGE c STABLE;
CREATE FUNCTION @extschema@.pgtap_version() RETURNS numeric LANGUAGE sql STABLE AS $$ SELECT CASE WHEN @extschema@._pgtap13() THEN 1.3 ELSE 1.2 END $$;
-- _tap_type(type, typmod) and _tap_retval(type): the type-name
-- normalisers of 1.3's _typename, format_type_string and _retval.
CREATE FUNCTION @extschema@._tap_type(text, boolean) RETURNS text
AS 'MODULE_PATHNAME', 'tap_type' LANGUAGE c STABLE STRICT;
CREATE FUNCTION @extschema@._tap_retval(text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_retval' LANGUAGE c STABLE STRICT;
CREATE FUNCTION @extschema@.pg_version() RETURNS text LANGUAGE sql AS $$ SELECT current_setting('server_version') $$;
CREATE FUNCTION @extschema@.pg_version_num() RETURNS integer LANGUAGE sql AS $$ SELECT current_setting('server_version_num')::integer $$;

-- _tap(result, description, diagnostics) records one test: ok() with the
-- lines shown under a failure.
CREATE FUNCTION @extschema@._tap(boolean, text, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_ok' LANGUAGE c;
CREATE FUNCTION @extschema@.ok(boolean, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_ok' LANGUAGE c;
CREATE FUNCTION @extschema@.ok(boolean) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok($1, NULL) $$;
CREATE FUNCTION @extschema@.pass(text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(true, $1) $$;
CREATE FUNCTION @extschema@.pass() RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(true, NULL) $$;
CREATE FUNCTION @extschema@.fail(text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(false, $1) $$;
CREATE FUNCTION @extschema@.fail() RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(false, NULL) $$;
CREATE FUNCTION @extschema@.diag(msg text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_diag' LANGUAGE c STRICT;
-- diag of any value prints its text; the VARIADIC forms print the values
-- run together.
CREATE FUNCTION @extschema@.diag(msg anyelement) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.diag($1::text) $$;
CREATE FUNCTION @extschema@.diag(VARIADIC text[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.diag(array_to_string($1, '')) $$;
CREATE FUNCTION @extschema@.diag(VARIADIC anyarray) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.diag(array_to_string($1, '')) $$;

-- TODO and SKIP.
CREATE FUNCTION @extschema@._todo(integer, text) RETURNS SETOF boolean
AS 'MODULE_PATHNAME', 'tap_todo' LANGUAGE c;
CREATE FUNCTION @extschema@.todo(why text, how_many integer) RETURNS SETOF boolean
LANGUAGE sql AS $$ SELECT * FROM @extschema@._todo(coalesce($2, 1), coalesce($1, '')) $$;
CREATE FUNCTION @extschema@.todo(how_many integer, why text) RETURNS SETOF boolean
LANGUAGE sql AS $$ SELECT * FROM @extschema@._todo(coalesce($1, 1), coalesce($2, '')) $$;
CREATE FUNCTION @extschema@.todo(why text) RETURNS SETOF boolean
LANGUAGE sql AS $$ SELECT * FROM @extschema@._todo(1, coalesce($1, '')) $$;
CREATE FUNCTION @extschema@.todo(how_many integer) RETURNS SETOF boolean
LANGUAGE sql AS $$ SELECT * FROM @extschema@._todo(coalesce($1, 1), '') $$;
CREATE FUNCTION @extschema@.todo_start(text) RETURNS SETOF boolean
LANGUAGE sql AS $$ SELECT * FROM @extschema@._todo(-1, coalesce($1, '')) $$;
CREATE FUNCTION @extschema@.todo_start() RETURNS SETOF boolean
LANGUAGE sql AS $$ SELECT * FROM @extschema@._todo(-1, '') $$;
CREATE FUNCTION @extschema@.todo_end() RETURNS SETOF boolean
AS 'MODULE_PATHNAME', 'tap_todo_end' LANGUAGE c;
CREATE FUNCTION @extschema@.in_todo() RETURNS boolean
AS 'MODULE_PATHNAME', 'tap_in_todo' LANGUAGE c;
CREATE FUNCTION @extschema@.skip(why text, how_many integer) RETURNS text
AS 'MODULE_PATHNAME', 'tap_skip' LANGUAGE c;
CREATE FUNCTION @extschema@.skip(text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.skip($1, 1) $$;
CREATE FUNCTION @extschema@.skip(integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.skip($2, $1) $$;
CREATE FUNCTION @extschema@.skip(integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.skip(NULL::text, $1) $$;

-- Pattern assertions.
CREATE FUNCTION @extschema@._alike(boolean, text, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._tap($1, $4, '                  ' || coalesce(quote_literal($2), 'NULL')
    || E'\n   doesn''t match: ' || coalesce(quote_literal($3), 'NULL'))
$$;
CREATE FUNCTION @extschema@._unalike(boolean, text, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._tap($1, $4, '                  ' || coalesce(quote_literal($2), 'NULL')
    || E'\n         matches: ' || coalesce(quote_literal($3), 'NULL'))
$$;
CREATE FUNCTION @extschema@.matches(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._alike($1 ~ $2, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.matches(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._alike($1 ~ $2, $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.imatches(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._alike($1 ~* $2, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.imatches(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._alike($1 ~* $2, $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.alike(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._alike($1 ~~ $2, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.alike(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._alike($1 ~~ $2, $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.ialike(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._alike($1 ~~* $2, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.ialike(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._alike($1 ~~* $2, $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.doesnt_match(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._unalike($1 !~ $2, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.doesnt_match(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._unalike($1 !~ $2, $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.doesnt_imatch(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._unalike($1 !~* $2, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.doesnt_imatch(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._unalike($1 !~* $2, $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.unalike(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._unalike($1 !~~ $2, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.unalike(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._unalike($1 !~~ $2, $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.unialike(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._unalike($1 !~~* $2, $1, $2, $3) $$;
CREATE FUNCTION @extschema@.unialike(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._unalike($1 !~~* $2, $1, $2, NULL) $$;

-- Assertions over queries given as SQL text or prepared statement names.
CREATE FUNCTION @extschema@._results(text, text, text, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_results' LANGUAGE c;
CREATE FUNCTION @extschema@.results_eq(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('results_eq', $1, $2, $3) $$;
CREATE FUNCTION @extschema@.results_eq(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('results_eq', $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.results_ne(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('results_ne', $1, $2, $3) $$;
CREATE FUNCTION @extschema@.results_ne(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('results_ne', $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.set_eq(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('set_eq', $1, $2, $3) $$;
CREATE FUNCTION @extschema@.set_eq(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('set_eq', $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.set_ne(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('set_ne', $1, $2, $3) $$;
CREATE FUNCTION @extschema@.set_ne(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('set_ne', $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.bag_eq(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('bag_eq', $1, $2, $3) $$;
CREATE FUNCTION @extschema@.bag_eq(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('bag_eq', $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.bag_ne(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('bag_ne', $1, $2, $3) $$;
CREATE FUNCTION @extschema@.bag_ne(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('bag_ne', $1, $2, NULL) $$;
CREATE FUNCTION @extschema@.is_empty(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('is_empty', $1, NULL, $2) $$;
CREATE FUNCTION @extschema@.is_empty(text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('is_empty', $1, NULL, NULL) $$;
CREATE FUNCTION @extschema@.isnt_empty(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('isnt_empty', $1, NULL, $2) $$;
CREATE FUNCTION @extschema@.isnt_empty(text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._results('isnt_empty', $1, NULL, NULL) $$;

-- Exceptions.
CREATE FUNCTION @extschema@._throws(text, text, text, text, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_throws' LANGUAGE c;
CREATE FUNCTION @extschema@.throws_ok(text, text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_ok', $1, $2, $3, $4) $$;
CREATE FUNCTION @extschema@.throws_ok(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_ok/3', $1, $2, $3, NULL) $$;
CREATE FUNCTION @extschema@.throws_ok(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_ok/2', $1, $2, NULL, NULL) $$;
CREATE FUNCTION @extschema@.throws_ok(text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_ok', $1, NULL, NULL, NULL) $$;
CREATE FUNCTION @extschema@.throws_ok(text, integer, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_ok', $1, $2::text, $3, $4) $$;
CREATE FUNCTION @extschema@.throws_ok(text, integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_ok', $1, $2::text, $3, NULL) $$;
CREATE FUNCTION @extschema@.throws_ok(text, integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_ok', $1, $2::text, NULL, NULL) $$;
CREATE FUNCTION @extschema@.throws_like(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_like', $1, NULL, $2, $3) $$;
CREATE FUNCTION @extschema@.throws_like(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_like', $1, NULL, $2, 'Should throw exception like ' || quote_literal($2)) $$;
CREATE FUNCTION @extschema@.throws_ilike(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_ilike', $1, NULL, $2, $3) $$;
CREATE FUNCTION @extschema@.throws_ilike(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_ilike', $1, NULL, $2, 'Should throw exception like ' || quote_literal($2)) $$;
CREATE FUNCTION @extschema@.throws_matching(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_matching', $1, NULL, $2, $3) $$;
CREATE FUNCTION @extschema@.throws_matching(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_matching', $1, NULL, $2, 'Should throw exception matching ' || quote_literal($2)) $$;
CREATE FUNCTION @extschema@.throws_imatching(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_imatching', $1, NULL, $2, $3) $$;
CREATE FUNCTION @extschema@.throws_imatching(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('throws_imatching', $1, NULL, $2, 'Should throw exception matching ' || quote_literal($2)) $$;
CREATE FUNCTION @extschema@.lives_ok(text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('lives_ok', $1, NULL, NULL, $2) $$;
CREATE FUNCTION @extschema@.lives_ok(text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._throws('lives_ok', $1, NULL, NULL, NULL) $$;

CREATE FUNCTION @extschema@._cmp_ok(text, text, text, text, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_cmp_ok' LANGUAGE c;

CREATE FUNCTION @extschema@.collect_tap(VARIADIC text[]) RETURNS text LANGUAGE sql AS $$ SELECT array_to_string($1, E'\n') $$;
CREATE FUNCTION @extschema@.collect_tap(character varying[]) RETURNS text LANGUAGE sql AS $$ SELECT array_to_string($1, E'\n') $$;
-- os_name(): the operating system the server runs on, lower case.
CREATE FUNCTION @extschema@.os_name() RETURNS text
AS 'MODULE_PATHNAME', 'tap_os_name' LANGUAGE c IMMUTABLE;

-- check_test(test output, pass, name, description, diagnostics, match):
-- pgTAP's test of a test, as its own regression tests use it.
CREATE FUNCTION @extschema@.check_test(text, boolean, text, text, text, boolean) RETURNS SETOF text
AS 'MODULE_PATHNAME', 'tap_check_test' LANGUAGE c;
CREATE FUNCTION @extschema@.check_test(text, boolean, text, text, text) RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@.check_test($1, $2, $3, $4, $5, false) $$;
CREATE FUNCTION @extschema@.check_test(text, boolean, text, text) RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@.check_test($1, $2, $3, $4, NULL, false) $$;
CREATE FUNCTION @extschema@.check_test(text, boolean, text) RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@.check_test($1, $2, $3, NULL, NULL, false) $$;
CREATE FUNCTION @extschema@.check_test(text, boolean) RETURNS SETOF text LANGUAGE sql AS $$ SELECT * FROM @extschema@.check_test($1, $2, NULL, NULL, NULL, false) $$;

CREATE FUNCTION @extschema@._performs_ok(text, text, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_performs_ok' LANGUAGE c;
CREATE FUNCTION @extschema@.performs_ok(text, numeric, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._performs_ok($1, $2::text, $3) $$;
CREATE FUNCTION @extschema@.performs_ok(text, numeric) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._performs_ok($1, $2::text, 'Should run in less than ' || $2 || ' ms') $$;
CREATE FUNCTION @extschema@._performs_within(text, text, text, integer, text) RETURNS text
AS 'MODULE_PATHNAME', 'tap_performs_within' LANGUAGE c;
CREATE FUNCTION @extschema@.performs_within(text, numeric, numeric, integer, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._performs_within($1, $2::text, $3::text, $4, $5) $$;
CREATE FUNCTION @extschema@.performs_within(text, numeric, numeric, integer) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.performs_within($1, $2, $3, $4, 'Should run within ' || $2 || ' +/- ' || $3 || ' ms') $$;
CREATE FUNCTION @extschema@.performs_within(text, numeric, numeric, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.performs_within($1, $2, $3, 10, $4) $$;
CREATE FUNCTION @extschema@.performs_within(text, numeric, numeric) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.performs_within($1, $2, $3, 10, 'Should run within ' || $2 || ' +/- ' || $3 || ' ms') $$;
