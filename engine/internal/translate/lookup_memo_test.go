package translate

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	pg "github.com/pganalyze/pg_query_go/v5"
)

// countingTables answers every table as existing with one column, counting
// the questions of each kind.
type countingTables struct{ full, columns map[string]int }

func (c *countingTables) LookupTable(schema, name string) (*TableInfo, bool) {
	c.full[schema+"."+name]++
	return &TableInfo{Schema: schema, Name: name, Columns: []ColumnInfo{{Name: "id"}}}, name != "missing"
}

func (c *countingTables) LookupColumns(schema, name string) (*TableInfo, bool) {
	c.columns[schema+"."+name]++
	return &TableInfo{Schema: schema, Name: name, Columns: []ColumnInfo{{Name: "id"}}}, name != "missing"
}

func TestLookupColumnsOncePerName(t *testing.T) {
	c := &countingTables{full: map[string]int{}, columns: map[string]int{}}
	tr := &Translator{Tables: c}
	for _, n := range []string{"t", "u", "t", "missing", "t", "missing"} {
		info, ok := tr.lookupColumns("public", n)
		if ok != (n != "missing") || info.Name != n {
			t.Fatalf("lookupColumns(%q) = %v, %v", n, info, ok)
		}
	}
	want := map[string]int{"public.t": 1, "public.u": 1, "public.missing": 1}
	if diff := cmp.Diff(want, c.columns); diff != "" {
		t.Errorf("questions (-want +got):\n%s", diff)
	}
	if len(c.full) != 0 {
		t.Errorf("LookupTable asked %v; queries need only columns", c.full)
	}
}

func TestNoFuncCall(t *testing.T) {
	cases := []struct {
		target string
		want   bool
	}{
		{"*", true},
		{"t.*", true},
		{"5 AS k", true},
		{"a + b * 2", true},
		{"$1::int8", true},
		{"NOT (a IS NULL) AND b > 1", true},
		{"count(*)", false},
		{"a + lower(b)", false},
		{"row_number() OVER ()", false},
		{"(SELECT 1)", false},
		{"a IN (1, 2)", false}, // a list: walked in full
		{"CASE WHEN a THEN 1 END", false},
	}
	for _, c := range cases {
		tree, err := pg.Parse("SELECT " + c.target + " FROM t")
		if err != nil {
			t.Fatal(err)
		}
		if got := noFuncCall(tree.Stmts[0].Stmt.GetSelectStmt().TargetList[0]); got != c.want {
			t.Errorf("noFuncCall(%s) = %v, want %v", c.target, got, c.want)
		}
	}
}
