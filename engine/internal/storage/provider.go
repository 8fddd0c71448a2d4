package storage

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// Session is what this package needs from the engine's GMS session
// (ctx.Session): the transaction to read and write, and the schemas that
// unqualified table names resolve through.
type Session interface {
	// StorageTxn returns the session's current transaction.
	StorageTxn() *Txn
	// SearchPath returns the schemas for unqualified names, in order,
	// already case-folded; e.g. ["pg_catalog", "public"].
	SearchPath() []string
}

// SystemSchemas is implemented by a Session whose engine computes the
// read-only system schemas (pg_catalog, information_schema) on read; the
// Database consults it for those names before its own tables.
type SystemSchemas interface {
	// SystemTable returns the virtual table schema.name, if there is one.
	SystemTable(ctx *sql.Context, schema, name string) (sql.Table, bool)
}

// SequenceRelations is implemented by a Session whose engine keeps
// sequences outside storage: a sequence reads as a one-row relation
// (SELECT last_value, is_called FROM seq) where no table has its name.
type SequenceRelations interface {
	SequenceTable(ctx *sql.Context, schema, name string) (sql.Table, bool)
}

func sequenceTable(ctx *sql.Context, s Session, schema, name string) (sql.Table, bool) {
	if sr, ok := s.(SequenceRelations); ok {
		return sr.SequenceTable(ctx, schema, name)
	}
	return nil, false
}

// IsSystemSchema reports whether name is a schema the engine computes.
func IsSystemSchema(name string) bool {
	return name == "pg_catalog" || name == "information_schema"
}

func systemTable(ctx *sql.Context, s Session, schema, name string) (sql.Table, bool) {
	if ss, ok := s.(SystemSchemas); ok && IsSystemSchema(schema) {
		return ss.SystemTable(ctx, schema, name)
	}
	return nil, false
}

// sessionOf returns the storage session behind a GMS context.
func sessionOf(ctx *sql.Context) (Session, *Txn, error) {
	if ctx == nil || ctx.Session == nil {
		return nil, nil, ErrNoTxn
	}
	s, ok := ctx.Session.(Session)
	if !ok {
		return nil, nil, ErrNoTxn
	}
	t := s.StorageTxn()
	if t == nil {
		return nil, nil, ErrNoTxn
	}
	return s, t, nil
}

func txnOf(ctx *sql.Context) (*Txn, error) {
	_, t, err := sessionOf(ctx)
	return t, err
}

// Provider is the sql.DatabaseProvider GMS is built with: one database,
// whose tables live in whichever Store the session's transaction belongs
// to. It holds no data, so one Provider serves a Store and its snapshots.
type Provider struct {
	db *Database
}

var _ sql.DatabaseProvider = (*Provider)(nil)

// NewProvider returns a provider exposing one database named dbName.
func NewProvider(dbName string) *Provider {
	return &Provider{db: &Database{name: dbName}}
}

// DB returns the provider's database.
func (p *Provider) DB() *Database { return p.db }

// Database implements sql.DatabaseProvider.
func (p *Provider) Database(_ *sql.Context, name string) (sql.Database, error) {
	if strings.EqualFold(name, p.db.name) {
		return p.db, nil
	}
	return nil, sql.ErrDatabaseNotFound.New(name)
}

// HasDatabase implements sql.DatabaseProvider.
func (p *Provider) HasDatabase(_ *sql.Context, name string) bool {
	return strings.EqualFold(name, p.db.name)
}

// AllDatabases implements sql.DatabaseProvider.
func (p *Provider) AllDatabases(*sql.Context) []sql.Database {
	return []sql.Database{p.db}
}
