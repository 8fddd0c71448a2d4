package pgcatalog

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// TestDeparseStored checks stored expressions print as PostgreSQL 15's
// pg_get_expr prints their analyzed form (expected outputs taken from
// PostgreSQL; the conformance cases ddl/check_typed_deparse,
// ddl/generated_deparse and rls/policy_deparse cover more).
func TestDeparseStored(t *testing.T) {
	cols := sql.Schema{
		{Name: "i", Type: types.Int4}, {Name: "s", Type: types.Int2}, {Name: "b", Type: types.Int8},
		{Name: "n", Type: types.Numeric.WithMod(types.NumericMod(6, 2))}, {Name: "t", Type: types.Text},
		{Name: "v", Type: types.Varchar.WithMod(24)}, {Name: "c", Type: types.Bpchar.WithMod(7)},
		{Name: "ok", Type: types.Bool}, {Name: "Mixed", Type: types.Int4},
	}
	cases := []struct {
		src, plain, pretty string
	}{
		{"n > 0", "(n > (0)::numeric)", "n > 0::numeric"},
		{"CASE i WHEN 1 THEN true END", "\nCASE i\n    WHEN 1 THEN true\n    ELSE NULL::boolean\nEND", "\nCASE i\n    WHEN 1 THEN true\n    ELSE NULL::boolean\nEND"},
		{"i = ANY (ARRAY[1])", "(i = ANY (ARRAY[1]))", "i = ANY (ARRAY[1])"},
		{"t = ANY (ARRAY['a', 'b'])", "(t = ANY (ARRAY['a'::text, 'b'::text]))", "t = ANY (ARRAY['a'::text, 'b'::text])"},
		{"ok IS NOT FALSE", "(ok IS NOT FALSE)", "ok IS NOT FALSE"},
		{"n > 1.5", "(n > 1.5)", "n > 1.5"},
		{"n > 1e3", "(n > '1000'::numeric)", "n > '1000'::numeric"},
		{"i > -1", "(i > '-1'::integer)", "i > '-1'::integer"},
		{"b > 5000000000", "(b > '5000000000'::bigint)", "b > '5000000000'::bigint"},
		{"i + b > s", "((i + b) > s)", "(i + b) > s"},
		{"v = 'x'", "((v)::text = 'x'::text)", "v::text = 'x'::text"},
		{"c = 'x'", "(c = 'x'::bpchar)", "c = 'x'::bpchar"},
		{"t LIKE 'a%'", "(t ~~ 'a%'::text)", "t ~~ 'a%'::text"},
		{"ok AND i > 0 OR NOT ok", "((ok AND (i > 0)) OR (NOT ok))", "ok AND i > 0 OR NOT ok"},
		{"ok AND (i > 0 OR s > 0)", "(ok AND ((i > 0) OR (s > 0)))", "ok AND (i > 0 OR s > 0)"},
		{"t IS NOT NULL", "(t IS NOT NULL)", "t IS NOT NULL"},
		{"length(t) > 2", "(length(t) > 2)", "length(t) > 2"},
		{"i * 2 + 1 > i - (i - 1)", "(((i * 2) + 1) > (i - (i - 1)))", "(i * 2 + 1) > (i - (i - 1))"},
		{"i - 1 - 2 > 0", "(((i - 1) - 2) > 0)", "(i - 1 - 2) > 0"},
		{"i::numeric <= n", "((i)::numeric <= n)", "i::numeric <= n"},
		{"t = 'it''s'", "(t = 'it''s'::text)", "t = 'it''s'::text"},
		{`"Mixed" > 0`, `("Mixed" > 0)`, `"Mixed" > 0`},
		{"(SELECT 1) = i", "(( SELECT 1) = i)", "(( SELECT 1)) = i"},
		{"CURRENT_USER = 'x'", "(CURRENT_USER = 'x'::name)", "CURRENT_USER = 'x'::name"},
		{"ok AND i IN (1, 2)", "(ok AND (i = ANY (ARRAY[1, 2])))", "ok AND (i = ANY (ARRAY[1, 2]))"},
		{"v IN ('a', 'b')", "((v)::text = ANY ((ARRAY['a'::character varying, 'b'::character varying])::text[]))", "v::text = ANY (ARRAY['a'::character varying, 'b'::character varying]::text[])"},
		{"i IN (1, b)", "((i = 1) OR (i = b))", "i = 1 OR i = b"},
		{"i BETWEEN 1 AND 5", "((i >= 1) AND (i <= 5))", "i >= 1 AND i <= 5"},
		{"COALESCE(i, 0) > 0", "(COALESCE(i, 0) > 0)", "COALESCE(i, 0) > 0"},
		{"CASE WHEN ok THEN i > 0 ELSE true END", "\nCASE\n    WHEN ok THEN (i > 0)\n    ELSE true\nEND", "\nCASE\n    WHEN ok THEN i > 0\n    ELSE true\nEND"},
	}
	st := &State{}
	for _, tc := range cases {
		t.Run(tc.src, func(t *testing.T) {
			for _, pretty := range []bool{false, true} {
				want := tc.plain
				if pretty {
					want = tc.pretty
				}
				got, ok := st.DeparseStored(tc.src, "rel", cols, pretty)
				if !ok || got != want {
					t.Errorf("DeparseStored(%q, pretty=%v) = %q, %v; want %q", tc.src, pretty, got, ok, want)
				}
			}
		})
	}
	for _, src := range []string{"nosuch > 0", "i = ANY (SELECT 1)"} {
		if got, ok := st.DeparseStored(src, "rel", cols, false); ok {
			t.Errorf("DeparseStored(%q) = %q, want not modelled", src, got)
		}
	}
}

// BenchmarkDeparseStored times deparsing one CHECK-sized expression, the
// cost a catalog row pays per stored expression.
func BenchmarkDeparseStored(b *testing.B) {
	cols := sql.Schema{{Name: "n", Type: types.Numeric}, {Name: "t", Type: types.Text}, {Name: "v", Type: types.Varchar.WithMod(24)}}
	st := &State{}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := st.DeparseStored("n > 0 AND t IN ('a', 'b') AND v IS NOT NULL", "rel", cols, false); !ok {
			b.Fatal("not deparsed")
		}
	}
}
