package security

import (
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// Host is what access control needs from the session running a statement.
// *session.Session implements it.
type Host interface {
	// CurrentUser is current_user: the role privileges are checked for.
	CurrentUser() string
	// SessionUser is session_user.
	SessionUser() string
	// KnownParameter reports whether GRANT ... ON PARAMETER may name a
	// configuration parameter (a built-in one or a custom "x.y").
	KnownParameter(name string) bool
	// Catalog is the catalog snapshot of the running transaction.
	Catalog() *catalog.Catalog
	// SetCatalog installs a changed catalog in the running transaction.
	SetCatalog(*catalog.Catalog)
	// HasSchema reports whether a schema exists.
	HasSchema(name string) bool
	// Notice queues a NOTICE or WARNING for the client.
	Notice(severity, code, message string)

	// LookupRelation finds a table, view or sequence by optionally
	// qualified name through the search path.
	LookupRelation(q catalog.QName) (catalog.QName, RelKind, bool)
	// TableColumns lists a stored table's columns in order; ok is false
	// when no table has that name.
	TableColumns(schema, name string) (cols []string, ok bool)
	// TableNames lists a schema's tables (errors are PostgreSQL errors).
	TableNames(schema string) ([]string, error)
	// FindType resolves a type name through the search path.
	FindType(cat *catalog.Catalog, q catalog.QName) (catalog.QName, bool)
	// CreationSchema is the schema a CREATE without one puts its object
	// in (the first existing schema of the search path).
	CreationSchema(schema string) (string, error)
	// RelationExists reports whether a table, view or sequence q exists.
	RelationExists(cat *catalog.Catalog, q catalog.QName) bool
	// InlinedView records a view's query spliced into the statement: its
	// names are the view's, never the caller's PL/pgSQL variables.
	InlinedView(sel *pg.SelectStmt)
	// CompositeNameTaken is the error for a relation named like an
	// existing composite type, nil otherwise.
	CompositeNameTaken(cat *catalog.Catalog, q catalog.QName) error
	// GiveOwnedSequences gives the sequences a table owns to its owner.
	GiveOwnedSequences(q catalog.QName)
	// ResolveRoutines finds the routines a GRANT / ALTER FUNCTION names
	// (word is "function", "procedure" or "routine").
	ResolveRoutines(ref translate.RoutineRef, word string) ([]*catalog.Function, error)
	// NormalizeSetting checks a setting's value as SET would and returns
	// the form pg_db_role_setting stores.
	NormalizeSetting(name, value string) (string, error)
	// CanonicalSettingName is a parameter's name as PostgreSQL spells it
	// (DateStyle, TimeZone), which pg_db_role_setting stores (GUCArrayAdd).
	CanonicalSettingName(name string) string

	// Translator is a translator bound to the session's environment,
	// tables and catalog.
	Translator() *translate.Translator
	// PlanQuery plans (and opens, without reading) a translated query;
	// the error is a PostgreSQL error.
	PlanQuery(text string, stmt sqlparser.Statement) error
	// RegisterRowSecurityCheck translates a "SELECT <expr>" check expression and
	// registers it for the running statement, returning the token GMS
	// asks the parser for when it loads the table's checks.
	RegisterRowSecurityCheck(stmt *pg.Node) (token string, err error)
}
