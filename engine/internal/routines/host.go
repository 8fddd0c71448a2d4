package routines

import (
	"context"
	"github.com/tinybase/tinybase/engine/internal/cache"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Host is the session a routine is defined or called in. Its transaction,
// settings and statement pipeline stay the session's; routines reaches
// them through these methods.
type Host interface {
	// PreparedSQL is the text of the session's statement prepared as
	// name (PREPARE), for EXECUTE name in dynamic SQL.
	PreparedSQL(name string) (string, bool)
	// OpenCursorRows opens a session cursor over rows (PL/pgSQL's OPEN):
	// under name, or a new unique name when name is empty; it returns the
	// name.
	OpenCursorRows(name string, res *plpgsql.Result, scroll bool) (string, error)
	// RoutineState is the session's routine state (held by the session).
	RoutineState() *State
	// GMSSession is the session as go-mysql-server sees it, for contexts
	// of statements run on its behalf.
	GMSSession() sql.Session
	// StorageTxn is the session's transaction (begun on first use); the
	// catalog is its metadata.
	StorageTxn() *storage.Txn
	// AdvisoryMark and AdvisoryRollbackTo mark the session's
	// transaction-level advisory locks at a subtransaction's start and
	// release those taken since when it rolls back.
	AdvisoryMark() int
	AdvisoryRollbackTo(mark int)
	// TypesEnv is the session's type environment (TimeZone, now()).
	TypesEnv() *types.Env
	// Setting reads a configuration parameter.
	Setting(name string) (string, bool)
	// SetLocalSetting sets (or with set false removes) a transaction-local
	// setting, returning the value it had; routines' SET clauses use it.
	SetLocalSetting(name, value string, set bool) (old string, had bool)
	// CurrentUser is the current role.
	CurrentUser() string
	// SearchPath is the schemas unqualified names resolve in.
	SearchPath() []string
	// LookupSchemas is the schemas a possibly qualified name is looked up
	// in: the named one, or the search path.
	LookupSchemas(schema string) []string
	// CreationSchema is the schema a CREATE of a possibly qualified name
	// creates in: the named one, or the first existing schema of the
	// search path (3F000 when there is none).
	CreationSchema(schema string) (string, error)
	// FindTable finds a table the session can see.
	FindTable(schema, name string) (*storage.Table, bool)
	// SQLText is the text of the client statement running.
	SQLText() string
	// AddNotice queues a message below ERROR for the client.
	AddNotice(n routine.Notice)
	// DropCascades records an object DROP ... CASCADE removes with the
	// ones named ("trigger t on table x"); the statement reports them in
	// one notice.
	DropCascades(desc string)
	// Language is the handler of a language installed on the engine.
	Language(name string) (routine.Handler, bool)
	// CatalogVersion moves whenever a transaction that ran DDL ends, and
	// with each catalog change inside the session's transaction; a value
	// made inside one transaction is never current in another.
	CatalogVersion() uint64
	// PlanGeneration counts clears of the session's statement cache:
	// PL/pgSQL plans compiled before one are stale.
	PlanGeneration() uint64
	// Translator is a translator over the session's catalog, search path
	// and tables, refreshing an idle session's snapshot first, as a client
	// statement's translation does.
	Translator() *translate.Translator
	// CurrentTranslator is a translator over the catalog and search path
	// the session holds now, without refreshing its snapshot.
	CurrentTranslator() *translate.Translator
	// ReusableTranslation reports whether a translation may be run again
	// (the statement cache's rule: queries and DELETE).
	ReusableTranslation(res translate.Result) bool
	// SecureStatement applies privileges and row security to a parsed
	// statement, returning the tree to translate.
	SecureStatement(n *pg.Node) (*pg.Node, error)
	// RunAs runs a routine's body with its privileges checked and, for
	// SECURITY DEFINER, as its owner.
	RunAs(fn *catalog.Function, body Body) error
	// RunBody runs a translated body statement of a SQL routine as part
	// of the calling statement (a write takes the writer lock; AFTER
	// triggers it queues fire when it ends), with its rows materialised.
	// Errors are mapped to *pgerror.Error. slot, when not nil, keeps the
	// statement's plan for the next run of the same translation.
	RunBody(ctx context.Context, gctx *sql.Context, res translate.Result, slot *PlanSlot) (*routine.Rows, error)
	// AnalyzeBody plans a translated body statement without running it
	// (check_function_bodies) and returns its result columns.
	AnalyzeBody(gctx *sql.Context, sqlText string, res translate.Result) (sql.Schema, error)
	// RunNested runs a statement from a PL/pgSQL body in the caller's
	// transaction, materialising its rows and keeping the caller's notices;
	// slot as for RunBody.
	RunNested(ctx context.Context, text string, node *pg.Node, res translate.Result, slot *PlanSlot) (*plpgsql.Result, error)
	// ApplyCatalog runs the catalog commands a translation carries.
	ApplyCatalog(cmds []translate.CatalogCommand) error
	// MapError maps a go-mysql-server or storage error to *pgerror.Error.
	MapError(err error) error
	// TxnIdle reports whether the session runs outside any transaction
	// (between autocommit statements).
	TxnIdle() bool
	// SetTxnActive marks the session's transaction active (refreshing the
	// snapshot) for a PL/pgSQL call run outside one, or idle again.
	SetTxnActive(active bool)
	// EndTransaction commits or rolls back the session's transaction
	// (COMMIT / ROLLBACK in a procedure or DO block).
	EndTransaction(commit bool) error
	// StatementTimeout is statement_timeout (0 for none).
	StatementTimeout() time.Duration
	// RoutineUsedByTables describes the first column default or check
	// constraint that calls f, or "" when none does (pg_depend).
	RoutineUsedByTables(f *catalog.Function) (string, error)
}

// stateHolder is how expressions evaluated by go-mysql-server find the
// running call's state from their context's session.
type stateHolder interface {
	RoutineState() *State
}

// State is a session's routine-call state.
type State struct {
	// frames are the parameter values of the running body statements,
	// innermost last; boundParam expressions read the top frame.
	frames [][]any
	depth  int
	// calls are the call values of the running calls by depth (callAt).
	calls []*call
	pl    plState
	// errctx is the error context stack of the running routines.
	errctx []errContext
	// queries are the statements run through Caller.Query (bounded:
	// queryLimits).
	queries *cache.LRU[string, *Stmt]
}

// catalogOf is the catalog as h's transaction sees it.
func catalogOf(h Host) *catalog.Catalog { return catalog.Of(h.StorageTxn().Meta()) }

// setCatalog installs a new catalog in h's transaction.
func setCatalog(h Host, c *catalog.Catalog) { h.StorageTxn().SetMeta(c) }

// PLPlanStats reports the counters of the session's compiled PL/pgSQL
// plans (engine/internal/cache).
func (st *State) PLPlanStats() cache.Stats {
	if st.pl.plans == nil {
		return cache.Stats{}
	}
	return st.pl.plans.Stats()
}

// errContext is one entry of the session's error context stack: a running
// routine and how it describes where it is (PostgreSQL's
// error_context_stack, whose callbacks all run when an error is raised,
// so that PG_EXCEPTION_CONTEXT lists the frames outside the handler too).
type errContext struct {
	owner any
	line  func() string
}

// pushContext makes line describe owner's position until the returned
// function runs.
func (st *State) pushContext(owner any, line func() string) func() {
	st.errctx = append(st.errctx, errContext{owner, line})
	n := len(st.errctx)
	return func() { st.errctx = st.errctx[:n-1] }
}

// contextOutside returns the context lines of the frames outside owner's
// (every frame when owner is nil or not running), innermost first.
func (st *State) contextOutside(owner any) string {
	i := len(st.errctx)
	if owner != nil {
		for j := len(st.errctx) - 1; j >= 0; j-- {
			if st.errctx[j].owner == owner {
				i = j
				break
			}
		}
	}
	var lines []string
	for j := i - 1; j >= 0; j-- {
		if l := st.errctx[j].line(); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}
