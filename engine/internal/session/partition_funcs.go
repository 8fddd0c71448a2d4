package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/dml"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The partition information functions (expr.PartitionEnv) over the
// session's catalog: a partition tree is the tables with a partition key
// and the partitions below them.

var (
	_ expr.PartitionEnv    = (*gmsSession)(nil)
	_ expr.PartitionRouter = (*gmsSession)(nil)
)

// partitionRel finds the partitioned table or partition with pg_class
// OID oid.
func partitionRel(cat *catalog.Catalog, oid uint32) (catalog.QName, bool) {
	for _, k := range cat.PartitionKeys() {
		if pgcatalog.RelationOID(k.Table.Schema, k.Table.Name) == oid {
			return k.Table, true
		}
	}
	for _, i := range cat.Inheritances() {
		if i.Spec != nil && pgcatalog.RelationOID(i.Table.Schema, i.Table.Name) == oid {
			return i.Table, true
		}
	}
	return catalog.QName{}, false
}

func relOID(q catalog.QName) uint32 { return pgcatalog.RelationOID(q.Schema, q.Name) }

// regclassOf is q as a regclass value.
func (g *gmsSession) regclassOf(q catalog.QName) (any, error) {
	return types.Cast(relOID(q), types.Oid, types.Regclass, true, g.s.TypesEnv())
}

// partitionArg is the partitioned table or partition a regclass argument
// names.
func (g *gmsSession) partitionArg(rel any) (*catalog.Catalog, catalog.QName, bool, error) {
	oid, err := regclassOID(rel, g.s.TypesEnv())
	if err != nil {
		return nil, catalog.QName{}, false, err
	}
	cat := g.s.Catalog()
	q, ok := partitionRel(cat, oid)
	return cat, q, ok, nil
}

func (g *gmsSession) PartitionTree(_ *sql.Context, rel any) ([][]any, error) {
	cat, q, ok, err := g.partitionArg(rel)
	if err != nil || !ok {
		return nil, err
	}
	var rows [][]any
	var walk func(q catalog.QName, level int32) error
	walk = func(q catalog.QName, level int32) error {
		var parent any
		if p, ok := cat.PartitionParent(q); ok {
			if parent, err = g.regclassOf(p); err != nil {
				return err
			}
		}
		self, err := g.regclassOf(q)
		if err != nil {
			return err
		}
		_, parted := cat.Partitioned(q)
		rows = append(rows, []any{self, parent, !parted, level})
		for _, c := range cat.Children(q) {
			if _, ok := cat.PartitionParent(c); ok {
				if err := walk(c, level+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return rows, walk(q, 0)
}

func (g *gmsSession) PartitionAncestors(_ *sql.Context, rel any) ([]any, error) {
	cat, q, ok, err := g.partitionArg(rel)
	if err != nil || !ok {
		return nil, err
	}
	var out []any
	for {
		v, err := g.regclassOf(q)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		p, ok := cat.PartitionParent(q)
		if !ok {
			return out, nil
		}
		q = p
	}
}

func (g *gmsSession) PartitionRoot(ctx *sql.Context, rel any) (any, error) {
	anc, err := g.PartitionAncestors(ctx, rel)
	if err != nil || len(anc) == 0 {
		return nil, err
	}
	return anc[len(anc)-1], nil
}

// RowPartitionOID implements expr.PartitionRouter: tableoid of a row
// written through a partitioned table.
func (g *gmsSession) RowPartitionOID(ctx *sql.Context, schema, table string, names []string, vals []any) (uint32, error) {
	q, err := dml.RoutedTable(g.s.DMLHost(), ctx, catalog.QName{Schema: schema, Name: table}, names, vals)
	if err != nil {
		return 0, err
	}
	return relOID(q), nil
}

// routedLeaf is the partition a row of partitioned table t is routed to
// (nil when t is not partitioned or no partition takes the row), which
// names the relation of a constraint error.
func (s *Session) routedLeaf(ctx *sql.Context, t *storage.Table, row sql.Row) *storage.Table {
	q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
	if _, parted := s.catalog().Partitioned(q); !parted {
		return nil
	}
	names := make([]string, len(t.Schema()))
	for i, c := range t.Schema() {
		names[i] = c.Name
	}
	leaf, err := dml.RoutedTable(s.DMLHost(), ctx, q, names, row)
	if err != nil || leaf == q {
		return nil
	}
	lt, ok := s.table(ctx, leaf.Schema, leaf.Name)
	if !ok {
		return nil
	}
	return lt
}
