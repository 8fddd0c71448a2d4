package extensions_test

import "testing"

// TestPgtap checks pgTAP's bookkeeping and errors (and, with
// TINYBASE_PG_URL, that pgTAP on PostgreSQL prints the same); the
// assertions' output over whole test files is testdb's golden test.
func TestPgtap(t *testing.T) {
	s := installed(t, "pgtap")
	run(t, s, []sqlCase{
		{name: "ok", sql: "begin; select plan(2); select ok(true, 'a'); select ok(false); rollback", want: "not ok 2\n# Failed test 2"},
		{name: "diag", sql: `select diag(E'a\nb')`, want: "# a\n# b"},
		{name: "finish", sql: "begin; select plan(3); select pass(); select fail('x'); select * from finish(); rollback",
			want: "# Looks like you planned 3 tests but ran 2"},
		{name: "todo and skip", sql: "begin; select plan(3); select todo('later', 1); select ok(false, 'w'); select skip('why', 2); rollback",
			want: "ok 2 # SKIP why\nok 3 # SKIP why"},
		{name: "todo", sql: "begin; select plan(1); select todo('later', 1); select ok(false, 'w'); rollback",
			want: "not ok 1 - w # TODO later\n# Failed (TODO) test 1: \"w\""},
		{name: "throws_ok sqlstate", sql: "begin; select plan(1); select throws_ok('select 1/0', '22012'); rollback", want: "ok 1 - threw 22012"},
		{name: "is NULL", sql: "begin; select plan(1); select is(null::int, 1, 'n'); rollback",
			want: "not ok 1 - n\n# Failed test 1: \"n\"\n#         have: NULL\n#         want: 1"},
		{name: "collect_tap", sql: "select collect_tap('a', 'b')", want: "a\nb"},
		{name: "prepared statement", sql: "prepare p1 as select 1; begin; select plan(1); select results_eq('p1', array[1], 'prepared'); rollback; deallocate p1",
			want: "ok 1 - prepared"},
		{name: "one test per call", sql: "begin; select plan(2); select ok((select true), 'a'); select ok(true, 'b'); rollback", want: "ok 2 - b"},
		{name: "counters", sql: "begin; select plan(3); select pass(); select _set('plan', 2); select _get('curr_test') || '/' || _get('plan'); rollback",
			want: "1/2"},
		{name: "counters in finish", sql: "begin; select plan(3); select pass(); select _set('plan', 2); select * from finish(); rollback",
			want: "# Looks like you planned 2 tests but ran 1"},
		{name: "diag of any value", sql: "select diag(6) || diag(1::int, 3, 4) || diag('a', 'b')", want: "# 6# 134# ab"},
		{name: "index_is_primary", sql: "create table ip(id int primary key, n int); create index ip_n on ip(n); begin; select plan(3); select index_is_primary('ip', 'ip_pkey'); select index_is_primary('ip', 'ip_n'); select index_is_type('ip_n', 'btree'); rollback",
			want: "ok 3 - Index ip_n should be a btree index"},
		{name: "is_clustered", sql: "create table ic(id int primary key); cluster ic using ic_pkey; begin; select plan(1); select is_clustered('ic', 'ic_pkey'); rollback",
			want: "ok 1 - Table ic should be clustered on index ic_pkey"},
		{name: "routine kinds", sql: "create procedure rk() language sql as 'select 1'; begin; select plan(3); select is_procedure('rk'); select isnt_normal_function('rk'); select is_normal_function('nosuch', '{}'::name[]); rollback",
			want: "not ok 3 - Function nosuch() should be a normal function\n# Failed test 3: \"Function nosuch() should be a normal function\"\n#     Function nosuch() does not exist"},
		{name: "owner_is", sql: "create table ot(a int); begin; select plan(2); select table_owner_is('ot', current_user, 'mine'); select view_owner_is('ot', current_user, 'v'); rollback",
			want: "not ok 2 - v\n# Failed test 2: \"v\"\n#     View ot does not exist"},
		{name: "finish after failures", sql: "begin; select plan(2); select ok(true); select ok(false); select * from finish(); rollback",
			want: "# Looks like you failed 1 test of 2"},
	})
	// Each error leaves PostgreSQL's transaction aborted: one target each.
	for _, c := range []sqlCase{
		{name: "no plan", sql: "begin; select ok(true); rollback", code: "P0001", msg: "You tried to run a test without a plan! Gotta have a plan"},
		{name: "plan twice", sql: "begin; select plan(1); select plan(2); rollback", code: "P0001", msg: "You tried to plan twice!"},
		{name: "null query", sql: "begin; select plan(1); select results_eq(null::text, 'select 1'); rollback", code: "22004", msg: "query string argument of EXECUTE is null"},
		{name: "finish raises", sql: "begin; select plan(1); select ok(false); select * from finish(true); rollback", code: "P0001", msg: "1 test failed of 1"},
	} {
		run(t, installed(t, "pgtap"), []sqlCase{c})
	}
}

// TestPgtapVersions checks that pgtap installs as 1.3.3 by default and
// as 1.2.0 on request, with each version's functions and behaviour, as
// PostgreSQL with both pgTAP versions installed does.
func TestPgtapVersions(t *testing.T) {
	count := "(SELECT count(*) FROM pg_proc WHERE proname = 'col_is_pk' AND pronamespace = 'vt'::regnamespace), " +
		"(SELECT count(*) FROM pg_proc WHERE proname = 'format_type_string' AND pronamespace = 'vt'::regnamespace)"
	// the runner's "Subtest:" line, indented in 1.2.0
	xunit := "SET LOCAL search_path = vt, public; CREATE FUNCTION vt.test_one() RETURNS SETOF text LANGUAGE sql AS $$ SELECT vt.pass('one') $$; " +
		"SELECT string_agg(t, E'\\n') FROM (SELECT * FROM vt.runtests('vt'::name, '^test_one')) r(t) WHERE t LIKE '%Subtest%'"
	run(t, installed(t), []sqlCase{
		{name: "offered", sql: "SELECT version, installed FROM pg_available_extension_versions WHERE name = 'pgtap' AND version IN ('1.2.0', '1.3.3') ORDER BY version",
			want: "1.2.0|f\n1.3.3|f"},
		{name: "default", sql: "SELECT default_version FROM pg_available_extensions WHERE name = 'pgtap'", want: "1.3.3"},
		{name: "1.2.0", sql: "BEGIN; CREATE SCHEMA vt; CREATE EXTENSION pgtap WITH SCHEMA vt VERSION '1.2.0'; " +
			"SELECT extversion, vt.pgtap_version(), " + count + " FROM pg_extension WHERE extname = 'pgtap'; ROLLBACK",
			want: "1.2.0|1.2|6|0"},
		{name: "1.3.3", sql: "BEGIN; CREATE SCHEMA vt; CREATE EXTENSION pgtap WITH SCHEMA vt; " +
			"SELECT extversion, vt.pgtap_version(), " + count + " FROM pg_extension WHERE extname = 'pgtap'; ROLLBACK",
			want: "1.3.3|1.3|8|1"},
		{name: "1.2.0 runner", sql: "BEGIN; CREATE SCHEMA vt; CREATE EXTENSION pgtap WITH SCHEMA vt VERSION '1.2.0'; " + xunit + "; ROLLBACK",
			want: "    # Subtest: vt.test_one()"},
		{name: "1.3.3 runner", sql: "BEGIN; CREATE SCHEMA vt; CREATE EXTENSION pgtap WITH SCHEMA vt; " + xunit + "; ROLLBACK",
			want: "# Subtest: vt.test_one()"},
		{name: "1.3.3 type names", sql: "BEGIN; CREATE SCHEMA vt; CREATE EXTENSION pgtap WITH SCHEMA vt; CREATE DOMAIN vt.pos AS int; SET LOCAL search_path = vt, public; " +
			"SELECT vt.plan(1); SELECT vt.domains_are('vt', ARRAY['pos'], 'd'), vt.format_type_string('pos'), vt.format_type_string('varchar(4)'), vt._typename('int4'), vt._typename('nonesuch'); ROLLBACK",
			want: "ok 1 - d|pos|character varying(4)|integer|nonesuch"},
		{name: "no such version", sql: "CREATE EXTENSION pgtap VERSION '9.9'", code: "22023",
			msg: `extension "pgtap" has no installation script nor update path for version "9.9"`},
	})
}

// TestPgtapUpdate checks ALTER EXTENSION pgtap UPDATE from 1.2.0: 1.3's
// functions join the extension and its assertions change. Engine only:
// pgTAP's own 1.2.0--1.3.0 script does not parse on PostgreSQL (a
// function body left unterminated), so the oracle cannot take this path.
func TestPgtapUpdate(t *testing.T) {
	s := installed(t)[:1]
	run(t, s, []sqlCase{
		{name: "install 1.2.0", sql: "CREATE SCHEMA vt; CREATE EXTENSION pgtap WITH SCHEMA vt VERSION '1.2.0'; SELECT vt.pgtap_version()", want: "1.2"},
		{name: "no downgrade path", sql: "ALTER EXTENSION pgtap UPDATE TO '1.1.0'", code: "22023",
			msg: `extension "pgtap" has no update path from version "1.2.0" to version "1.1.0"`},
		{name: "update", sql: "ALTER EXTENSION pgtap UPDATE TO '1.3.3'; SELECT extversion, vt.pgtap_version() FROM pg_extension WHERE extname = 'pgtap'", want: "1.3.3|1.3"},
		{name: "members", sql: "SELECT count(*) FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid WHERE d.deptype = 'e' AND p.proname IN ('format_type_string', '_typename', '_retval') AND p.pronamespace = 'vt'::regnamespace",
			want: "3"},
		{name: "already there", sql: "ALTER EXTENSION pgtap UPDATE; SELECT extversion FROM pg_extension WHERE extname = 'pgtap'", want: "1.3.3"},
		{name: "1.3 aliases", sql: "BEGIN; SELECT vt.plan(1); SELECT vt.has_cast('int4', 'int8'); ROLLBACK", want: "ok 1 - Cast (int4 AS int8) should exist"},
		{name: "drop", sql: "DROP EXTENSION pgtap; SELECT count(*) FROM pg_proc WHERE pronamespace = 'vt'::regnamespace", want: "0"},
	})
}
