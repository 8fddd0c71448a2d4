package session

import (
	"context"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// catalog returns the catalog as the session's transaction sees it.
func (s *Session) catalog() *catalog.Catalog {
	return catalog.Of(s.StorageTxn().Meta())
}

// setCatalog installs a new catalog in the session's transaction.
func (s *Session) setCatalog(c *catalog.Catalog) { s.StorageTxn().SetMeta(c) }

// gmsContext is a GMS context on this session, for storage calls.
func (s *Session) gmsContext() *sql.Context {
	return sql.NewContext(context.Background(), sql.WithSession(s.gms))
}

// translatorCatalog is the catalog the translator resolves names in: the
// session's current catalog and search path.
func (s *Session) translatorCatalog() translate.Catalog {
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	return &sessionCatalog{s: s, cat: catalog.Of(txn.Meta()), path: s.SearchPath()}
}

type sessionCatalog struct {
	s    *Session
	cat  *catalog.Catalog
	path []string
}

var (
	_ translate.CatalogReader   = (*sessionCatalog)(nil)
	_ translate.SystemRelations = (*sessionCatalog)(nil)
)

func (c *sessionCatalog) Current() *catalog.Catalog { return c.cat }
func (c *sessionCatalog) SearchPath() []string      { return c.path }

// TypeByOID finds a user type (or its array type) by OID: a parameter a
// client declared by a domain's or an enum's OID at Parse.
func (c *sessionCatalog) TypeByOID(oid uint32) (*types.Type, bool) { return c.cat.TypeByOID(oid) }

// LookupType implements translate.Catalog.
func (c *sessionCatalog) LookupType(schema, name string) (*types.Type, bool) {
	for _, sc := range c.s.lookupSchemas(schema) {
		if d, ok := c.cat.Type(catalog.QName{Schema: sc, Name: name}); ok {
			return d.Type, true
		}
		if strings.HasPrefix(name, "_") {
			if d, ok := c.cat.Type(catalog.QName{Schema: sc, Name: name[1:]}); ok {
				return types.ArrayOf(d.Type), true
			}
		}
	}
	return nil, false
}

// SystemTableOID implements translate.SystemTables.
func (c *sessionCatalog) SystemTableOID(name string) (uint32, bool) {
	return pgcatalog.SystemTableOID(name)
}

// Table implements translate.CatalogReader.
func (c *sessionCatalog) Table(schema, name string) (string, []string, bool) {
	t, ok := c.s.findTable(schema, name)
	if !ok {
		return "", nil, false
	}
	cols := make([]string, len(t.Schema()))
	for i, col := range t.Schema() {
		cols[i] = col.Name
	}
	return t.SchemaName(), cols, true
}

// SystemRelationColumns implements translate.SystemRelations.
func (c *sessionCatalog) SystemRelationColumns(schema, name string) ([]string, bool) {
	_, cols, ok := pgcatalog.SystemRelation(schema, name)
	return cols, ok
}

// StoredGenerated implements translate.CatalogReader.
func (c *sessionCatalog) StoredGenerated(schema, name string) []string {
	t, ok := c.s.findTable(schema, name)
	if !ok {
		return nil
	}
	var out []string
	for _, col := range t.Schema() {
		if col.Generated != nil {
			out = append(out, col.Name)
		}
	}
	return out
}

// applyCatalog runs the catalog changes that accompany a statement
// (translate.Result.Catalog) before it runs. If the statement then fails,
// the session rolls back the implicit transaction or aborts the block, so
// the changes never outlive it.
func (s *Session) applyCatalog(cmds []translate.CatalogCommand) error {
	for _, c := range cmds {
		if err := s.catalogCommand(c); err != nil {
			return err
		}
	}
	return nil
}

// runCatalogCommand runs a catalog statement (run, its handler in
// commands.go) as its own atomic statement.
func (s *Session) runCatalogCommand(run func(*Session, translate.CatalogCommand) error, c translate.CatalogCommand, tag string) (string, *Rows, error) {
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	mark := txn.Savepoint()
	if err := run(s, c); err != nil {
		txn.RollbackTo(mark)
		return "", nil, err
	}
	return s.commandDone(tag)
}
