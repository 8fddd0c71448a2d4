package session

import (
	"context"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// catalog returns the catalog as the session's transaction sees it.
func (s *Session) catalog() *catalog.Catalog {
	return catalog.Of(s.StorageTxn().Meta())
}

// setCatalog installs a new catalog in the session's transaction.
func (s *Session) setCatalog(c *catalog.Catalog) { s.StorageTxn().SetMeta(c) }

// gmsContext is a GMS context on this session, for storage calls.
func (s *Session) gmsContext() *sql.Context {
	return sql.NewContext(context.Background(), sql.WithSession(s))
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

var _ translate.CatalogReader = (*sessionCatalog)(nil)

func (c *sessionCatalog) Current() *catalog.Catalog { return c.cat }
func (c *sessionCatalog) SearchPath() []string      { return c.path }

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

// lookupSchemas is where an optionally qualified name is looked up.
func (s *Session) lookupSchemas(schema string) []string {
	if schema != "" {
		return []string{schema}
	}
	return s.SearchPath()
}

// creationSchema is the schema an unqualified CREATE puts objects in: the
// first existing schema of the search path.
func (s *Session) creationSchema(schema string) (string, error) {
	txn := s.StorageTxn()
	if schema != "" {
		if !txn.HasSchema(schema) {
			return "", pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", schema)
		}
		return schema, nil
	}
	for _, sc := range s.SearchPath() {
		if sc != "pg_catalog" && txn.HasSchema(sc) {
			return sc, nil
		}
	}
	return "", pgerror.New(pgerror.InvalidSchemaName, "no schema has been selected to create in")
}

// findTable resolves a table through the search path.
func (s *Session) findTable(schema, name string) (*storage.Table, bool) {
	var ctx *sql.Context
	for _, sc := range s.lookupSchemas(schema) {
		if !s.StorageTxn().HasSchema(sc) {
			continue
		}
		if ctx == nil {
			ctx = s.gmsContext()
		}
		t, ok, err := s.eng.provider.DB().Table(ctx, sc, name)
		if err == nil && ok {
			return t, true
		}
	}
	return nil, false
}

// relationExists reports whether a table, sequence or view q exists.
func (s *Session) relationExists(cat *catalog.Catalog, q catalog.QName) bool {
	if cat.RelationExists(q) {
		return true
	}
	_, ok := s.findTable(q.Schema, q.Name)
	return ok
}

// resolveSequence finds a sequence by optionally qualified name; a missing
// one is 42P01, and a relation of another kind 42809.
func (s *Session) resolveSequence(cat *catalog.Catalog, q catalog.QName) (*catalog.Sequence, error) {
	for _, sc := range s.lookupSchemas(q.Schema) {
		n := catalog.QName{Schema: sc, Name: q.Name}
		if seq, ok := cat.Sequence(n); ok {
			return seq, nil
		}
		if s.relationExists(cat, n) {
			return nil, pgerror.New(pgerror.WrongObjectType, "%q is not a sequence", q.Name)
		}
	}
	return nil, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", displayName(q))
}

func displayName(q catalog.QName) string {
	if q.Schema != "" {
		return q.Schema + "." + q.Name
	}
	return q.Name
}

// applyCatalog runs the catalog changes that accompany a statement
// (translate.Result.Catalog) before it runs. If the statement then fails,
// the session rolls back the implicit transaction or aborts the block, so
// the changes never outlive it.
func (s *Session) applyCatalog(cmds []translate.CatalogCommand) error {
	for _, c := range cmds {
		if _, err := s.catalogCommand(c); err != nil {
			return err
		}
	}
	return nil
}

// runCatalogCommand runs a catalog statement as its own atomic statement.
func (s *Session) runCatalogCommand(c translate.CatalogCommand, tag string) (string, *Rows, error) {
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	mark := txn.Savepoint()
	if _, err := s.catalogCommand(c); err != nil {
		txn.RollbackTo(mark)
		return "", nil, err
	}
	return s.commandDone(tag)
}

// catalogCommand dispatches one catalog statement.
func (s *Session) catalogCommand(c translate.CatalogCommand) (string, error) {
	switch c := c.(type) {
	case *translate.CreateSequence:
		return "", s.createSequence(c)
	case *translate.AlterSequence:
		return "", s.alterSequence(c)
	case *translate.CreateEnum:
		return "", s.createEnum(c)
	case *translate.AlterEnum:
		return "", s.alterEnum(c)
	case *translate.CreateDomain:
		return "", s.createDomain(c)
	case *translate.CreateComposite:
		return "", s.createComposite(c) // catalog_composite.go
	case *translate.AlterComposite:
		return "", s.alterComposite(c)
	case *translate.AlterDomain:
		return "", s.alterDomain(c)
	case *translate.CreateView:
		return "", s.createView(c)
	case *translate.RenameRelation:
		return "", s.renameRelation(c)
	case *translate.DropObjects:
		return "", s.dropObjects(c)
	case *translate.DropTableDeps:
		return "", s.dropTableDeps(c)
	case *translate.DropColumnDeps:
		return "", s.dropColumnDeps(c) // catalog_drop.go
	case *translate.Comment:
		return "", s.comment(c)
	case *translate.CreateExtension:
		return "", s.createExtension(c)
	}
	if ok, err := s.routineCommand(c); ok {
		return "", err
	}
	if ok, err := s.securityCommand(c); ok { // role_commands.go
		return "", err
	}
	return "", fmt.Errorf("engine: unhandled catalog command %T", c)
}
