package translate

import (
	"testing"
	"time"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// TestSubqueryTextWhole: GMS keeps a subquery's printed AST as its text
// (plan.Subquery.QueryString) and the executor reuses a select-list
// subquery whose text equals another's (gmsadapter's sameText), so two
// subqueries print alike only when they are the same.
func TestSubqueryTextWhole(t *testing.T) {
	cases := []struct {
		name, a, b string
		same       bool
	}{
		{"where column", // pgTAP's foreign-key listing
			"array(select a.attname from pg_attribute a where a.attrelid = k.conrelid and a.attnum = any(k.conkey))",
			"array(select a.attname from pg_attribute a where a.attrelid = k.confrelid and a.attnum = any(k.confkey))", false},
		{"scalar where column",
			"(select max(o.total) from o where o.customer_id = k.id)",
			"(select max(o.total) from o where o.id = k.id)", false},
		{"constant", "(select o.total from o where o.id = 1)", "(select o.total from o where o.id = 2)", false},
		{"string constant", "(select o.total from o where o.name = 'a')", "(select o.total from o where o.name = 'b')", false},
		{"cast type", "(select o.total::int4 from o limit 1)", "(select o.total::int8 from o limit 1)", false},
		{"not in", "(select count(*) from o where o.id in (1, 2))", "(select count(*) from o where o.id not in (1, 2))", false},
		{"and or", "(select count(*) from o where o.a and o.b)", "(select count(*) from o where o.a or o.b)", false},
		{"is null", "(select count(*) from o where o.a is null)", "(select count(*) from o where o.a is not null)", false},
		{"nulls first", "array(select o.id from o order by o.a nulls first)", "array(select o.id from o order by o.a nulls last)", false},
		{"aggregate order", "(select string_agg(o.n, ',' order by o.n) from o)", "(select string_agg(o.n, ',' order by o.n desc) from o)", false},
		{"case else", "(select case o.a when 1 then 2 end from o limit 1)", "(select case when o.a then 1 else 2 end from o limit 1)", false},
		{"field", "(select (o.r).x from o limit 1)", "(select (o.r).y from o limit 1)", false},
		{"same", "array(select a.attname from pg_attribute a where a.attrelid = k.conrelid)",
			"array(select a.attname from pg_attribute a where a.attrelid = k.conrelid)", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, b := subqueryTexts(t, c.a, c.b)
			if (a == b) != c.same {
				t.Errorf("same text = %t, want %t:\n%s\n%s", a == b, c.same, a, b)
			}
		})
	}
}

// subqueryTexts translates SELECT a, b FROM k and prints the two
// select-list subqueries as GMS does.
func subqueryTexts(t *testing.T, a, b string) (string, string) {
	t.Helper()
	tree, err := pgtree.Parse("select " + a + " as a, " + b + " as b from k")
	if err != nil {
		t.Fatal(err)
	}
	tr := &Translator{Env: &types.Env{Loc: time.UTC}}
	res, err := tr.Statement(tree.Stmts[0].Stmt)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, se := range res.Stmt.(*sqlparser.Select).SelectExprs {
		sub, ok := se.(*sqlparser.AliasedExpr).Expr.(*sqlparser.Subquery)
		if !ok {
			t.Fatalf("select-list item %s is no subquery", sqlparser.String(se))
		}
		texts = append(texts, sqlparser.String(sub.Select))
	}
	return texts[0], texts[1]
}
