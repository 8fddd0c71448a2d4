package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestCatalogJoinOrderByName: a join of pg_constraint, pg_class and
// pg_namespace that names the table with a value known only at run time
// (a PL/pgSQL variable, here a setting) starts from the pg_class row of
// that name and looks its constraints up, as PostgreSQL's plan does,
// instead of reading every constraint (and calling the filter's
// functions on each) first. A migration looping over a project's columns
// with such a query ran for minutes.
func TestCatalogJoinOrderByName(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	var b strings.Builder
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&b, "create table t%d (id int primary key, a text check (char_length(a) < 10));\n", i)
	}
	execScript(t, s, b.String())
	exec(t, s, "set my.t = 't5'")
	q := `select con.conname from pg_constraint con join pg_class cls on cls.oid = con.conrelid
		join pg_namespace ns on ns.oid = cls.relnamespace
		where ns.nspname = 'public' and cls.relname = current_setting('my.t')::name and con.contype = 'c'
		  and (con.conname = any (array['x', 'y']) or position('char_length' in pg_get_constraintdef(con.oid)) > 0)`
	got := queryStrings(t, s, q)
	if len(got) != 1 || got[0][0] != "t5_a_check" {
		t.Fatalf("rows %v", got)
	}
	first, plan := firstScan(t, s, q) // join_order_test.go
	if !strings.Contains(first, " on pg_class cls") {
		t.Fatalf("the join does not start from pg_class:\n%s", strings.Join(plan, "\n"))
	}
}
