package ddl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// partitionIndexes gives each partition of a partitioned table the index
// CREATE INDEX just made on it (docs 5.11.2.3): the same keys, named for
// the partition as PostgreSQL chooses a name, so a unique index holds
// per partition; a unique index must include the partition key.
func partitionIndexes(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	cat := h.Catalog()
	q := catalog.QName{Schema: c.Schema, Name: c.Table}
	key, ok := cat.Partitioned(q)
	if !ok {
		return nil
	}
	def := c.Index
	if def.Unique {
		for _, k := range key.Columns {
			found := false
			for _, col := range def.Columns {
				found = found || col == k
			}
			if !found {
				return pgerror.New(pgerror.FeatureNotSupported, "unique constraint on partitioned table must include all partitioning columns").
					WithDetail("UNIQUE constraint on table %q lacks column %q which is part of the partition key.", c.Table, k)
			}
		}
	}
	for _, child := range cat.Children(q) {
		cd := *def
		cd.Name, cd.IfNotExists = childIndexName(h, ctx, child, def.Columns), false
		if err := createIndex(h, ctx, &translate.TableDDL{Kind: "create_index", Schema: child.Schema, Table: child.Name, Index: &cd}); err != nil {
			return err
		}
	}
	return nil
}

// childIndexName is the name PostgreSQL gives a partition's copy of an
// index on columns cols: partition_cols_idx, numbered when taken.
func childIndexName(h Host, ctx *sql.Context, child catalog.QName, cols []string) string {
	label := strings.Join(cols, "_")
	if label == "" {
		label = "expr"
	}
	for i := 0; ; i++ {
		suffix := "idx"
		if i > 0 {
			suffix += strconv.Itoa(i)
		}
		name := pgident.MakeObjectName(child.Name, label, suffix)
		if other, _ := findIndex(h, ctx, child.Schema, name); other == nil {
			return name
		}
	}
}

// clonePartitionIndexes gives a new partition the plain-column indexes
// of its partitioned table it lacks (CREATE TABLE ... PARTITION OF does
// in PostgreSQL); the primary key comes with the table's definition.
func clonePartitionIndexes(h Host, ctx *sql.Context, schema, name string) error {
	schema, err := CreationSchema(h, schema)
	if err != nil {
		return err
	}
	cat := h.Catalog()
	child := catalog.QName{Schema: schema, Name: name}
	inh := cat.Inherits(child)
	if inh == nil || inh.Spec == nil || len(inh.Parents) == 0 {
		return nil
	}
	parent, ok := h.Table(ctx, inh.Parents[0].Schema, inh.Parents[0].Name)
	if !ok {
		return nil
	}
	ct, ok := h.Table(ctx, schema, name)
	if !ok {
		return nil
	}
	pinfos, err := parent.Indexes(ctx)
	if err != nil {
		return err
	}
	cinfos, err := ct.Indexes(ctx)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, ix := range cinfos {
		have[fmt.Sprint(ix.Unique, ix.Columns)] = true
	}
	for _, ix := range pinfos {
		if ix.PrimaryKey || ix.Expression || ix.Partial || ix.ForFK || len(ix.Columns) == 0 || have[fmt.Sprint(ix.Unique, ix.Columns)] {
			continue
		}
		def := &translate.IndexDef{Name: childIndexName(h, ctx, child, ix.Columns), Unique: ix.Unique, Columns: ix.Columns,
			Method: ix.AM.Method, Opclass: ix.AM.Opclass, Ordering: ix.AM.Ordering}
		for _, o := range ix.AM.Options {
			name, val, _ := strings.Cut(o, "=")
			def.Params = append(def.Params, translate.TableParam{Name: name, Value: val, HasValue: true})
		}
		for _, c := range ix.Columns {
			def.Source = append(def.Source, c)
		}
		if err := createIndex(h, ctx, &translate.TableDDL{Kind: "create_index", Schema: schema, Table: name, Index: def}); err != nil {
			return err
		}
	}
	return nil
}
