package ddl

import (
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
		parts := def.Columns
		if len(parts) == 0 {
			parts = []string{"expr"}
		}
		label := ""
		for i, p := range parts {
			if i > 0 {
				label += "_"
			}
			label += p
		}
		name := ""
		for i := 0; ; i++ {
			suffix := "idx"
			if i > 0 {
				suffix = "idx" + itoa(i)
			}
			name = pgident.MakeObjectName(child.Name, label, suffix)
			if other, _ := findIndex(h, ctx, child.Schema, name); other == nil {
				break
			}
		}
		cd := *def
		cd.Name, cd.IfNotExists = name, false
		if err := createIndex(h, ctx, &translate.TableDDL{Kind: "create_index", Schema: child.Schema, Table: child.Name, Index: &cd}); err != nil {
			return err
		}
	}
	return nil
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
