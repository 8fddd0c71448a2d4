package translate

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	pg "github.com/pganalyze/pg_query_go/v5"
)

// checkExpr parses "CREATE TABLE t (CHECK (<expr>))" and returns the
// CHECK's expression.
func checkExpr(t *testing.T, expr string) *pg.Node {
	t.Helper()
	tree, err := pg.Parse("CREATE TABLE t (CHECK (" + expr + "))")
	if err != nil {
		t.Fatal(err)
	}
	return tree.Stmts[0].Stmt.GetCreateStmt().TableElts[0].GetConstraint().RawExpr
}

func TestDeparseExpr(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"comparison", "a >= 13", "a >= 13"},
		{"in list", "plan IN ('free', 'pro')", "plan IN ('free', 'pro')"},
		{"function and cast", "char_length(name::text) > 1", "char_length(name::text) > 1"},
		{"boolean", "a > 0 AND (b IS NULL OR b < a)", "a > 0 AND (b IS NULL OR b < a)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := deparseExpr(checkExpr(t, tc.in)); got != tc.want {
				t.Errorf("deparseExpr(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestExprColumns(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"one column twice", "a > 0 AND a < 10", []string{"a"}},
		{"two columns in order", "spent <= budget", []string{"spent", "budget"}},
		{"function args", "lower(email) <> upper(name)", []string{"email", "name"}},
		{"no columns", "1 > 0", nil},
		{"case", "CASE WHEN x THEN y ELSE z END", []string{"x", "y", "z"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, exprColumns(checkExpr(t, tc.in))); diff != "" {
				t.Errorf("exprColumns(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestConstraintNames(t *testing.T) {
	cn := newConstraintNames("tt", "tt_a_key")
	got := []string{
		cn.choose([]string{"a"}, "check"),
		cn.choose(nil, "check"),
		cn.choose([]string{"c"}, "check"),
		cn.choose([]string{"c"}, "check"),
		cn.choose(nil, "check"),
		cn.choose([]string{"a"}, "key"),
		cn.choose([]string{"a", "b"}, "fkey"),
	}
	// as PostgreSQL 15 names them (ChooseConstraintName)
	want := []string{"tt_a_check", "tt_check", "tt_c_check", "tt_c_check1", "tt_check1", "tt_a_key1", "tt_a_b_fkey"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
}

func TestIndexColname(t *testing.T) {
	tests := []struct{ in, want string }{
		{"lower(email)", "lower"},
		{"(data->>'kind')", "expr"},
		{"(a + b)", "expr"},
		{"(a::text)", "a"},
		{"((a + 1)::text)", "text"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			tree, err := pg.Parse("CREATE INDEX ON t (" + tc.in + ")")
			if err != nil {
				t.Fatal(err)
			}
			el := tree.Stmts[0].Stmt.GetIndexStmt().IndexParams[0].GetIndexElem()
			if got := indexColname(el.Expr); got != tc.want {
				t.Errorf("indexColname(%s) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestRenameInCheck(t *testing.T) {
	tests := []struct{ name, in, from, to, want string }{
		{"renamed", "a < b", "a", "x", "x < b"},
		{"every use", "a > 0 AND lower(a::text) <> 'a'", "a", "n", "n > 0 AND lower(n::text) <> 'a'"},
		{"untouched", "b > 0", "a", "x", "b > 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := RenameColumnRef(tc.in, tc.from, tc.to)
			if !ok || got != tc.want {
				t.Errorf("RenameColumnRef(%q, %s→%s) = %q, %v; want %q", tc.in, tc.from, tc.to, got, ok, tc.want)
			}
		})
	}
}
