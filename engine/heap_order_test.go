package engine_test

import (
	"context"
	"strings"
	"testing"
)

// TestCopyHeapOrder: COPY FROM appends its rows in input order, as INSERT
// does, so an unordered scan returns them in PostgreSQL's physical order.
// The conformance suite cannot run COPY; the expected rows and ctids are
// PostgreSQL 15's for the same script (psql, `select ctid, * from cp`).
func TestCopyHeapOrder(t *testing.T) {
	e := seeded(t, 0)
	s := mustSession(t, e)
	defer s.Close()
	ctx := context.Background()
	copyIn := func(stmt, data string) {
		t.Helper()
		cp, err := s.Copy(ctx, stmt)
		if err != nil {
			t.Fatal(err)
		}
		if err := cp.Write([]byte(data)); err != nil {
			t.Fatal(err)
		}
		if _, err := cp.Done(); err != nil {
			t.Fatal(err)
		}
	}
	exec(t, s, "create table cp (id int primary key, name text)")
	copyIn("copy cp from stdin", "3\tc\n1\ta\n2\tb\n")
	exec(t, s, "update cp set name = 'A' where id = 1")
	exec(t, s, "delete from cp where id = 3")
	copyIn("copy cp from stdin (format csv)", "0,z\n5,e\n")

	var got []string
	for _, r := range queryStrings(t, s, "select ctid, id, name from cp") {
		got = append(got, strings.Join(r, ","))
	}
	want := []string{"(0,3),2,b", "(0,4),1,A", "(0,5),0,z", "(0,6),5,e"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("rows = %q, want %q", got, want)
	}
}
