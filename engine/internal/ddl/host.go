package ddl

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Host is what DDL needs from the session running it: the transaction's
// catalog and storage, name resolution state, the query engine for the
// statements DDL runs, and the checks other concerns (privileges,
// routines, triggers) own.
type Host interface {
	// Catalog is the catalog as the session's transaction sees it.
	Catalog() *catalog.Catalog
	// SetCatalog installs a changed catalog in the session's transaction,
	// so the change rolls back with it.
	SetCatalog(*catalog.Catalog)
	// StorageTxn is the session's storage transaction.
	StorageTxn() *storage.Txn
	// SearchPath is the session's schema search path.
	SearchPath() []string
	// InTransactionBlock reports whether an explicit transaction block is
	// open (VACUUM refuses to run in one).
	InTransactionBlock() bool
	// SQLContext is a go-mysql-server context on the session, for storage
	// and planner calls.
	SQLContext() *sql.Context
	// Database is the storage database tables are created in and read from.
	Database() *storage.Database
	// Table finds a table by schema, or through the search path when
	// schema is "".
	Table(ctx *sql.Context, schema, name string) (*storage.Table, bool)
	// QueryGMS plans and starts a translated statement on go-mysql-server.
	QueryGMS(ctx *sql.Context, query string, stmt sqlparser.Statement) (sql.Schema, sql.RowIter, error)
	// PlanGMS plans a translated query without starting it (building its
	// iterators would already run the functions of its FROM clause) and
	// returns its result columns.
	PlanGMS(ctx *sql.Context, query string, stmt sqlparser.Statement) (sql.Schema, error)
	// Env is the session's type environment (time zone, formats).
	Env() *types.Env
	// TranslatorCatalog is the catalog and search path the translator
	// resolves names in.
	TranslatorCatalog() translate.Catalog
	// TableLookup gives the translator existing tables (view queries).
	TableLookup() translate.TableLookup
	// Notice sends a notice to the client.
	Notice(severity, code, message string)
	// DropCascades records an object DROP ... CASCADE removes with the
	// ones named, described as PostgreSQL describes it ("view v"); the
	// statement reports them in one notice.
	DropCascades(desc string)
	// MapError turns a planner or storage error into a PostgreSQL error.
	MapError(error) error
	// SyntaxError is the 42601 error of a query that does not parse.
	SyntaxError(err error, query string) error
	// ViewQueryError reports an error in a view's query with its position.
	ViewQueryError(error) error
	// CheckOwner fails unless the current role owns the object.
	CheckOwner(key catalog.ObjectKey, word, name string) error
	// CurrentUser is the role the statement runs as (publications' owner).
	CurrentUser() string
	// CheckSequenceUse fails unless the current role holds one of privs
	// on seq.
	CheckSequenceUse(seq *catalog.Sequence, privs catalog.Priv) error
	// CommentedRoutine resolves the routine COMMENT ON FUNCTION names.
	CommentedRoutine(cat *catalog.Catalog, q catalog.QName, ref *translate.RoutineRef) (*catalog.Function, bool)
	// FireTruncateTriggers fires the statement triggers of TRUNCATE.
	FireTruncateTriggers(ctx *sql.Context, tables []*storage.Table, timing string) error
	// NextSequenceValue advances seq's engine-wide counter (nextval).
	NextSequenceValue(seq *catalog.Sequence) (int64, error)
	// SequenceValue is a sequence's last value and whether nextval
	// returned it, unchanged.
	SequenceValue(seq *catalog.Sequence) (last int64, called bool)
	// SetSequenceValue is setval on seq's engine-wide counter.
	SetSequenceValue(seq *catalog.Sequence, value int64, called bool) error
	// ResetSequence starts a sequence's counter over at value.
	ResetSequence(oid uint32, value int64)
	// Sequences is the session's currval / lastval state.
	Sequences() *SessionSequences
}
