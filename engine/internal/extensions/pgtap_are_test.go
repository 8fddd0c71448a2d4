package extensions_test

import "testing"

// TestPgtapOpclasses: has_opclass and opclasses_are see the operator
// classes CREATE OPERATOR CLASS makes, by schema or through the search
// path, with pgTAP's diagnostics.
func TestPgtapOpclasses(t *testing.T) {
	s := installed(t, "pgtap")
	setup := "create type opc_t as (a int); " +
		"create function opc_cmp(opc_t, opc_t) returns int language sql immutable as 'select 0'; " +
		"create function opc_eq(opc_t, opc_t) returns boolean language sql immutable as 'select true'; " +
		"create operator = (procedure = opc_eq, leftarg = opc_t, rightarg = opc_t); " +
		"create operator class opc_t_ops default for type opc_t using btree as operator 3 =, function 1 opc_cmp(opc_t, opc_t); "
	run(t, s, []sqlCase{
		{name: "opclasses_are passes", sql: setup + "begin; select plan(1); select opclasses_are('public', array['opc_t_ops']); rollback",
			want: "ok 1 - Schema public should have the correct operator classes"},
		{name: "extra and missing", sql: "begin; select plan(1); select opclasses_are('public', array['nope_ops'], 'w'); rollback",
			want: "not ok 1 - w\n# Failed test 1: \"w\"\n#     Extra operator classes:\n#         opc_t_ops\n#     Missing operator classes:\n#         nope_ops"},
		{name: "search path", sql: "begin; select plan(1); select opclasses_are(array['opc_t_ops'], 'p'); rollback", want: "ok 1 - p"},
		{name: "has_opclass", sql: "begin; select plan(3); select concat_ws(E'\\n', has_opclass('opc_t_ops'), has_opclass('public'::name, 'opc_t_ops'::name), hasnt_opclass('int4_ops')); rollback",
			want: "ok 1 - Operator class opc_t_ops should exist\nok 2 - Operator class public.opc_t_ops should exist\nnot ok 3 - Operator class int4_ops should not exist\n# Failed test 3: \"Operator class int4_ops should not exist\""},
		{name: "dropped", sql: "drop operator class opc_t_ops using btree; begin; select plan(1); select hasnt_opclass('opc_t_ops'); rollback",
			want: "ok 1 - Operator class opc_t_ops should not exist"},
	})
}

// TestPgtapAre: the generated *_are families compare the catalog's list
// with the test's, with pgTAP's default descriptions and diagnostics
// (unquoted for casts and operators).
func TestPgtapAre(t *testing.T) {
	s := installed(t, "pgtap")
	setup := "create schema are_s; create sequence are_s.sq1; create table are_s.t1(id int primary key, \"Nm\" text); " +
		"create index t1_nm on are_s.t1(\"Nm\"); create rule r1 as on insert to are_s.t1 do nothing; " +
		"create domain are_s.dom as int; create function are_s.f() returns int language sql as 'select 1'; "
	run(t, s, []sqlCase{
		{name: "sequences_are", sql: setup + "begin; select plan(2); select concat_ws(E'\\n', sequences_are('are_s', array['sq1']), sequences_are('are_s', array['sq2'], 'd')); rollback",
			want: "ok 1 - Schema are_s should have the correct sequences\nnot ok 2 - d\n# Failed test 2: \"d\"\n#     Extra sequences:\n#         sq1\n#     Missing sequences:\n#         sq2"},
		{name: "indexes_are and rules_are", sql: "begin; select plan(2); select concat_ws(E'\\n', indexes_are('are_s', 't1', array['t1_pkey']), rules_are('are_s', 't1', array['r1'])); rollback",
			want: "not ok 1 - Table are_s.t1 should have the correct indexes\n# Failed test 1: \"Table are_s.t1 should have the correct indexes\"\n#     Extra indexes:\n#         t1_nm\nok 2 - Relation are_s.t1 should have the correct rules"},
		{name: "columns_are quotes", sql: "begin; select plan(1); select columns_are('are_s', 't1', array['id']); rollback",
			want: "not ok 1 - Table are_s.t1 should have the correct columns\n# Failed test 1: \"Table are_s.t1 should have the correct columns\"\n#     Extra columns:\n#         \"Nm\""},
		{name: "domains and functions", sql: "begin; select plan(2); select concat_ws(E'\\n', domains_are('are_s', array['dom']), functions_are('are_s', array['f', 'g'])); rollback",
			want: "ok 1 - Schema are_s should have the correct domains\nnot ok 2 - Schema are_s should have the correct functions\n# Failed test 2: \"Schema are_s should have the correct functions\"\n#     Missing functions:\n#         g"},
		{name: "schemas, casts and operators", sql: "begin; select plan(3); select concat_ws(E'\\n', " +
			"schemas_are(array_append(array_remove(ARRAY(select nspname from pg_namespace where nspname !~ '^pg_' and nspname <> 'information_schema'), 'are_s'), 'nope'), 'sch'), " +
			"casts_are(array_append(ARRAY(select format_type(castsource, NULL) || ' AS ' || format_type(casttarget, NULL) from pg_cast), 'foo AS bar')), " +
			"operators_are('are_s', array['=(integer,integer) RETURNS boolean'])); rollback",
			want: "not ok 1 - sch\n# Failed test 1: \"sch\"\n#     Extra schemas:\n#         are_s\n#     Missing schemas:\n#         nope\n" +
				"not ok 2 - There should be the correct casts\n# Failed test 2: \"There should be the correct casts\"\n#     Missing casts:\n#         foo AS bar\n" +
				"not ok 3 - Schema are_s should have the correct operators\n# Failed test 3: \"Schema are_s should have the correct operators\"\n#     Missing operators:\n#         =(integer,integer) RETURNS boolean"},
	})
}
