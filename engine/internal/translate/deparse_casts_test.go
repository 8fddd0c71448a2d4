package translate

import (
	"bytes"
	"testing"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// TestExprSQLCasts: an expression kept as text reads back as the same
// tree, casts of arguments the deparser prints bare included.
func TestExprSQLCasts(t *testing.T) {
	for _, src := range []string{
		"(created_at AT TIME ZONE 'UTC')::date",
		"date_trunc('month', (created_at AT TIME ZONE 'UTC')::timestamp(0))",
		"(a IS NULL)::int + (b IS NOT TRUE)::int",
		"(a AND b)::text",
		"(NOT a)::int",
		"(a COLLATE \"C\")::text",
		"((a AT TIME ZONE 'UTC')::date IS NULL)::int",
		"(a + 1)::text",
		"(a[1])::int",
		"lower(email)",
	} {
		n, err := ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		out := exprSQL(n)
		back, err := ParseExpr(out)
		if err != nil {
			t.Fatalf("%s: %s does not parse: %v", src, out, err)
		}
		if !bytes.Equal(encodeNoLoc(n), encodeNoLoc(back)) {
			t.Errorf("%s printed as %s, which reads back differently", src, out)
		}
	}
}

func encodeNoLoc(n *pg.Node) []byte {
	c := pgtree.Clone(n)
	pgtree.ClearLocations(c)
	return pgtree.Encode(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: &pg.SelectStmt{
		TargetList: []*pg.Node{{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: c}}}}}}}}}})
}
