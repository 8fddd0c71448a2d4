package session

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// TestKeyedDMLUsesIndex checks that UPDATE and DELETE by key (with a
// literal or a parameter) are planned as index lookups, not table scans.
func TestKeyedDMLUsesIndex(t *testing.T) {
	e, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	s := connectT(t, e)
	run := func(q string, args ...any) {
		t.Helper()
		r, err := s.Query(context.Background(), q, args...)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if err := r.Close(); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	run("create table t (id bigint primary key, k text unique, score bigint)")
	run("insert into t select g, 'k' || g, 0 from generate_series(1, 100) g")
	for _, c := range []struct {
		q    string
		args []any
		want string // in the analyzed plan
	}{
		{"update t set score = score + 1 where id = 5", nil, "IndexedTableAccess"},
		{"update t set score = score + $1 where id = $2", []any{int64(1), int64(5)}, "IndexedTableAccess"},
		{"update t set score = 1 where k = 'k7'", nil, "IndexedTableAccess"},
		{"delete from t where id = 7", nil, "IndexedTableAccess"},
		{"delete from t where id = $1", []any{int64(8)}, "IndexedTableAccess"},
		{"update t set score = 2 where score = 0", nil, "Filter"}, // no index on score: still a scan
	} {
		stmt, _, err := e.parseOne(c.q, len(c.args) > 0)
		if err != nil {
			t.Fatal(err)
		}
		tr := &translate.Translator{Env: &s.env, Params: c.args, Tables: s, Catalog: s.translatorCatalog()}
		res, err := tr.Statement(stmt)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		gctx := sql.NewContext(context.Background(), sql.WithSession(s.gms))
		if err := s.prepareDML(gctx, res.Stmt); err != nil {
			t.Fatal(err)
		}
		n, _, err := s.analyzeDML(gctx, c.q, res.Stmt)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		if plan := sql.DebugString(n); !strings.Contains(plan, c.want) {
			t.Errorf("%s: plan has no %s:\n%s", c.q, c.want, plan)
		}
		s.txn.Rollback()
		s.txn = nil
	}
	// and the statements do what they say
	run("update t set score = score + $1 where id = $2", int64(3), int64(9))
	run("delete from t where id = $1", int64(10))
	r, err := s.Query(context.Background(), "select count(*), sum(score) from t")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !r.Next() {
		t.Fatal("no row")
	}
	if got := fmt.Sprint(r.Values()...); got != "99 3" {
		t.Errorf("count, sum = %s; want 99 3", got)
	}
}

// TestParseCacheCopies checks that the parse cache hands out independent
// trees: rewriting one use's tree does not reach the next.
func TestParseCacheCopies(t *testing.T) {
	e, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	q := "select $1::int + 1"
	a, n, err := e.parseOne(q, true)
	if err != nil || n != 1 {
		t.Fatal(n, err)
	}
	a.GetSelectStmt().TargetList = nil
	b, _, _ := e.parseOne(q, true)
	if len(b.GetSelectStmt().TargetList) != 1 {
		t.Fatal("cached parse was changed through an earlier copy")
	}
	if _, n, _ := e.parseOne("select 1; select 2", true); n != 2 {
		t.Fatalf("two statements counted as %d", n)
	}
	if _, n, _ := e.parseOne(" ; ", true); n != 0 {
		t.Fatalf("empty text counted as %d statements", n)
	}
}
