package storage_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/google/go-cmp/cmp"

	"github.com/tinybase/tinybase/engine/internal/storage"
)

const dbName = "postgres"

type sqlRow = sql.Row

// testSession is the GMS session the tests use: a BaseSession carrying the
// storage transaction and search path, as the engine's session does.
type testSession struct {
	*sql.BaseSession
	txn  *storage.Txn
	path []string
}

var _ storage.Session = (*testSession)(nil)

func (s *testSession) StorageTxn() *storage.Txn { return s.txn }
func (s *testSession) SearchPath() []string     { return s.path }

// harness drives GMS (with its MySQL parser) over one store.
type harness struct {
	t     testing.TB
	store *storage.Store
	prov  *storage.Provider
	eng   *sqle.Engine
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	h := &harness{t: t, store: storage.NewStore(), prov: storage.NewProvider(dbName)}
	h.eng = sqle.NewDefault(h.prov)
	t.Cleanup(func() { _ = h.eng.Close() })
	tx := h.store.Begin()
	if err := tx.CreateSchema("public"); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	return h
}

// withStore returns a harness sharing the engine but using another store.
func (h *harness) withStore(s *storage.Store) *harness {
	c := *h
	c.store = s
	return &c
}

// session returns a session with its own transaction on the harness store.
func (h *harness) session() *testSession {
	s := &testSession{BaseSession: sql.NewBaseSession(), path: []string{"public"}}
	s.SetCurrentDatabase(dbName)
	s.txn = h.store.Begin()
	return s
}

func (h *harness) ctx(s *testSession) *sql.Context {
	return sql.NewContext(context.Background(), sql.WithSession(s))
}

// run executes one statement in the session's transaction, bracketed by a
// savepoint as the engine does: a failed statement leaves nothing behind.
func (h *harness) run(s *testSession, query string) ([]sql.Row, error) {
	return h.runCtx(h.ctx(s), s, query)
}

func (h *harness) runCtx(ctx *sql.Context, s *testSession, query string) ([]sql.Row, error) {
	mark := s.txn.Savepoint()
	_, iter, _, err := h.eng.Query(ctx, query)
	if err == nil {
		var rows []sql.Row
		rows, err = sql.RowIterToRows(ctx, iter)
		if err == nil {
			return rows, nil
		}
	}
	s.txn.RollbackTo(mark)
	return nil, err
}

// exec runs statements, each in its own committed transaction, and fails
// the test on error.
func (h *harness) exec(queries ...string) {
	h.t.Helper()
	for _, q := range queries {
		if _, err := h.autocommit(q); err != nil {
			h.t.Fatalf("%s: %v", q, err)
		}
	}
}

// autocommit runs one statement in its own transaction.
func (h *harness) autocommit(query string) ([]sql.Row, error) {
	s := h.session()
	rows, err := h.run(s, query)
	if err != nil {
		s.txn.Rollback()
		return nil, err
	}
	return rows, s.txn.Commit()
}

// query runs a statement in its own transaction and returns its rows,
// failing the test on error.
func (h *harness) query(q string) []sql.Row {
	h.t.Helper()
	rows, err := h.autocommit(q)
	if err != nil {
		h.t.Fatalf("%s: %v", q, err)
	}
	return rows
}

// plan returns the analyzed plan of a query.
func (h *harness) plan(s *testSession, q string) sql.Node {
	h.t.Helper()
	n, err := h.eng.AnalyzeQuery(h.ctx(s), q)
	if err != nil {
		h.t.Fatalf("%s: %v", q, err)
	}
	return n
}

// indexesUsed returns "table.index" for every IndexedTableAccess in a plan.
func indexesUsed(n sql.Node) []string {
	var out []string
	transform.Inspect(n, func(n sql.Node) bool {
		if ita, ok := n.(*plan.IndexedTableAccess); ok {
			out = append(out, ita.Name()+"."+ita.Index().ID())
		}
		return true
	})
	return out
}

// norm converts rows to comparable strings (GMS returns various int types).
func norm(rows []sql.Row) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		parts := make([]string, len(r))
		for j, v := range r {
			if v == nil {
				parts[j] = "NULL"
			} else {
				parts[j] = fmt.Sprint(v)
			}
		}
		out[i] = strings.Join(parts, ",")
	}
	return out
}

func wantRows(t testing.TB, got []sql.Row, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if diff := cmp.Diff(want, norm(got)); diff != "" {
		t.Errorf("rows mismatch (-want +got):\n%s", diff)
	}
}

func drain(t testing.TB, ctx *sql.Context, iter sql.RowIter) []sql.Row {
	t.Helper()
	rows, err := sql.RowIterToRows(ctx, iter)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
