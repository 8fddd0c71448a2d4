package engine

import (
	"sync/atomic"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/tinybase/tinybase/engine/expr"
	"github.com/tinybase/tinybase/engine/storage"
)

// Options configures an Engine. The zero value is valid.
type Options struct{}

// Engine is one database: committed state plus the planner that runs
// statements on it.
type Engine struct {
	store    *storage.Store
	provider *storage.Provider
	gms      *sqle.Engine
	connIDs  atomic.Uint32
}

// dbName is the single database every session connects to.
const dbName = "postgres"

// Open creates an empty engine with the schemas every PostgreSQL database
// has (public).
func Open(opts Options) (*Engine, error) {
	e := newEngine(storage.NewStore())
	txn := e.store.Begin()
	if err := txn.CreateSchema("public"); err != nil {
		return nil, err
	}
	if err := txn.Commit(); err != nil {
		return nil, err
	}
	return e, nil
}

func newEngine(store *storage.Store) *Engine {
	prov := storage.NewProvider(dbName)
	a := analyzer.NewDefault(gmsProvider{prov, expr.FunctionProvider{}})
	g := sqle.New(a, &sqle.Config{})
	return &Engine{store: store, provider: prov, gms: g}
}

// Snapshot returns an independent engine holding this engine's committed
// state, in time proportional to the number of tables.
func (e *Engine) Snapshot() *Engine {
	return newEngine(e.store.Snapshot())
}
