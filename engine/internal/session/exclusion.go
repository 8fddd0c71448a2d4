package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

var _ storage.ExclusionChecker = (*Session)(nil)

// CheckExclusion implements storage.ExclusionChecker: row, just written
// to t, must not conflict with another row under any of t's exclusion
// constraints (ddl/exclusion.go).
func (s *Session) CheckExclusion(ctx *sql.Context, t *storage.Table, row sql.Row) error {
	cat := s.catalog()
	q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
	for _, ex := range cat.TableExclusions(q) {
		chk, err := s.exclusions.check(s, ctx, t, cat, ex.Key.Column)
		if err != nil {
			return err
		}
		if chk == nil {
			continue
		}
		if err := chk.Check(ctx, t, row); err != nil {
			return err
		}
	}
	return nil
}

// exclusionChecks keeps the exclusion constraints compiled for the rows
// of the statements since the last DDL: compiling parses the
// constraint's expressions, which cost more than checking a row.
type exclusionChecks struct {
	version uint64
	cat     *catalog.Catalog
	checks  map[exclusionKey]*ddl.ExclusionCheck // nil: the index is gone
}

// exclusionKey names a constraint of a table definition: a change of
// the table's columns makes a new columns slice (within one DDL
// statement too, where the cache version does not change).
type exclusionKey struct {
	table catalog.QName
	name  string
	cols  **sql.Column // the backing array of the columns slice
	ncols int
}

func (c *exclusionChecks) check(s *Session, ctx *sql.Context, t *storage.Table, cat *catalog.Catalog, name string) (*ddl.ExclusionCheck, error) {
	if v := s.cacheVersion(); v != c.version || cat != c.cat || c.checks == nil {
		c.version, c.cat, c.checks = v, cat, map[exclusionKey]*ddl.ExclusionCheck{}
	}
	sch := t.Schema()
	k := exclusionKey{table: catalog.QName{Schema: t.SchemaName(), Name: t.Name()}, name: name, ncols: len(sch)}
	if len(sch) > 0 {
		k.cols = &sch[0]
	}
	if chk, ok := c.checks[k]; ok {
		return chk, nil
	}
	chk, err := ddl.CompileExclusion(ddlHost{s}, ctx, t, cat, name)
	if err != nil {
		return nil, err
	}
	c.checks[k] = chk
	return chk, nil
}
