package dml

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Hosted is a GMS session that can run triggers: trigger nodes, cascade
// editors and transition tables find their Host through the session of
// the GMS context they run in.
type Hosted interface {
	// DMLHost is the session's Host.
	DMLHost() Host
}

// hostOf is the Host of the session ctx runs in.
func hostOf(ctx *sql.Context) (Host, bool) {
	hs, ok := ctx.Session.(Hosted)
	if !ok {
		return nil, false
	}
	return hs.DMLHost(), true
}

// Host is the session as DML programs and triggers see it: its
// transaction and catalog, GMS planning, and routine calls.
type Host interface {
	// StorageTxn is the session's storage transaction.
	StorageTxn() *storage.Txn
	// TypesEnv is the session's type environment (output formats, time
	// zone), which renders row keys and runs assignment casts.
	TypesEnv() *types.Env
	// SearchPath is the schemas an unqualified table name is looked up in.
	SearchPath() []string
	// Notice queues a NOTICE for the running statement.
	Notice(severity, code, message string)
	// GMSContext is a GMS context over ctx on this session.
	GMSContext(ctx context.Context) *sql.Context

	// StorageTable finds a table by schema and name as the statement's
	// transaction sees it.
	StorageTable(gctx *sql.Context, schema, name string) (*storage.Table, bool, error)
	// ExecGMS plans and runs one GMS statement, through the plan cache.
	ExecGMS(gctx *sql.Context, stmt sqlparser.Statement) (sql.Schema, sql.RowIter, error)
	// BindSchema binds a statement without running it, for its columns.
	BindSchema(gctx *sql.Context, stmt sqlparser.Statement) (sql.Schema, error)
	// ResolveOver resolves a translated expression over a table's row (an
	// ON CONFLICT target expression, compared with index expressions).
	ResolveOver(sch sql.Schema, e sqlparser.Expr) (sql.Expression, error)
	// Superuser reports whether the current role is a superuser.
	Superuser() bool
	// ReplicaRole reports session_replication_role = replica: only
	// triggers enabled ALWAYS or REPLICA fire (catalog.Fires).
	ReplicaRole() bool
	// InReadOnlyTxn reports a READ ONLY transaction block in progress.
	InReadOnlyTxn() bool
	// LockForWrite takes the storage writer lock, failing with
	// PostgreSQL's error when the wait is cancelled or times out.
	LockForWrite(ctx context.Context) error

	// Catalog is the catalog as the session's transaction sees it.
	Catalog() *catalog.Catalog
	// SetCatalog installs a new catalog in the session's transaction.
	SetCatalog(c *catalog.Catalog)
	// FindTable finds a table by (possibly empty) schema and name.
	FindTable(schema, name string) (*storage.Table, bool)
	// FindView finds a view; nil when q names none.
	FindView(q catalog.QName) *catalog.View
	// LookupSchemas is the schemas a possibly unqualified name is looked
	// up in.
	LookupSchemas(schema string) []string

	// CallTriggerFunction runs a trigger function for one firing.
	CallTriggerFunction(ctx *sql.Context, fn *catalog.Function, td *routine.TriggerData) (routine.Result, error)
	// QueryWhen runs a trigger's WHEN condition, prepared once per trigger
	// value from the statement text build returns, with NEW then OLD as
	// parameters.
	QueryWhen(ctx *sql.Context, tg *catalog.Trigger, build func() (string, *routine.Params, error), args []any) (*routine.Rows, error)
	// InPL runs a PL/pgSQL-style block in the statement's transaction.
	InPL(ctx context.Context, run func(ctx context.Context) error) error
	// QueryNested translates and runs a parsed query inside the running
	// statement, with its parameters.
	QueryNested(ctx context.Context, q *pg.Node, params []any, bound func(n int) (sql.Expression, bool)) (*plpgsql.Result, error)
	// AfterQueue is the session's queued AFTER trigger firings per
	// statement level: the session's statement, then each statement
	// running inside a routine.
	AfterQueue() *[][]AfterEvent
	// DeferTrigger keeps the firing of a deferred constraint trigger for
	// later (COMMIT, SET CONSTRAINTS ... IMMEDIATE) and reports whether
	// it did.
	DeferTrigger(e AfterEvent) bool
	// TransitionTables is the session's visible transition tables (and
	// INSTEAD OF RETURNING rows), innermost last.
	TransitionTables() *[]TransitionRel

	// TranslatorCatalog is the catalog and search path an expression kept
	// as text (a partition key's) is translated with.
	TranslatorCatalog() translate.Catalog
	// PartitionKeyColumns is partitioned table q's key as PostgreSQL
	// prints it in a routing error ("lower(email)").
	PartitionKeyColumns(gctx *sql.Context, q catalog.QName) (string, bool)
}
