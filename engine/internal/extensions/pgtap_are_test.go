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
