package ddl

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SetInheritance records the parents and partition key a CREATE TABLE
// declares (docs: 5.10 Inheritance, 5.11 Table Partitioning) and sends
// MergeAttributes' notices.
func SetInheritance(h Host, c *translate.SetInheritance) error {
	schema, err := CreationSchema(h, c.Table.Schema)
	if err != nil {
		return err
	}
	if _, exists := FindTable(h, schema, c.Table.Name); exists {
		return nil // CREATE TABLE fails on the existing table
	}
	for _, n := range c.Notices {
		h.Notice("NOTICE", "00000", n)
	}
	q := catalog.QName{Schema: schema, Name: c.Table.Name}
	if c.Spec != nil && len(c.Parents) == 1 {
		if err := checkPartitionBound(h, h.SQLContext(), c.Parents[0], q.Name, c.Spec); err != nil {
			return err
		}
		if err := checkNewPartitionDefault(h, c.Parents[0], c.Spec); err != nil {
			return err
		}
	}
	cat := h.Catalog()
	if len(c.Parents) > 0 {
		cat = cat.PutInheritance(catalog.Inheritance{Table: q, Parents: c.Parents, Bound: c.Bound, Spec: c.Spec, Local: c.Local})
	}
	if c.Key != nil {
		k := *c.Key
		k.Table = q
		cat = cat.PutPartitionKey(k)
	}
	h.SetCatalog(cat)
	return nil
}

// withDescendants adds to the tables a DROP TABLE names the tables that
// inherit from them, as PostgreSQL's dependencies do: a partition goes
// with its partitioned table, an inheritance child only under CASCADE
// (2BP01 otherwise). The catalog forgets the dropped tables' links.
func withDescendants(h Host, ctx *sql.Context, tables []*storage.Table, dropping map[string]bool, cascade bool) ([]*storage.Table, error) {
	cat := h.Catalog()
	for i := 0; i < len(tables); i++ {
		t := tables[i]
		q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
		for _, c := range cat.Children(q) {
			if dropping[c.Schema+"."+c.Name] {
				continue
			}
			child, ok := h.Table(ctx, c.Schema, c.Name)
			if !ok {
				continue
			}
			if inh := cat.Inherits(c); inh == nil || inh.Bound == "" {
				if !cascade {
					return nil, &pgerror.Error{Severity: "ERROR", Code: pgerror.DependentObjectsStillExist,
						Message: fmt.Sprintf("cannot drop table %s because other objects depend on it", visibleName(h, q.Schema, q.Name)),
						Detail:  fmt.Sprintf("%s depends on %s", relationDesc(h, "table", c.Schema, c.Name), relationDesc(h, "table", q.Schema, q.Name)),
						Hint:    "Use DROP ... CASCADE to drop the dependent objects too."}
				}
				h.DropCascades(relationDesc(h, "table", c.Schema, c.Name))
			}
			dropping[c.Schema+"."+c.Name] = true
			tables = append(tables, child)
		}
	}
	for _, t := range tables {
		cat = cat.DropInheritance(catalog.QName{Schema: t.SchemaName(), Name: t.Name()})
	}
	h.SetCatalog(cat)
	return tables, nil
}

// addInherit is ALTER TABLE child INHERIT parent: the parent joins the
// end of the child's parents (pg_inherits.inhseqno), the translator
// having checked the columns and constraints.
func addInherit(h Host, c *translate.AttachPartition) error {
	cat := h.Catalog()
	i := catalog.Inheritance{Table: c.Child}
	if old := cat.Inherits(c.Child); old != nil {
		i.Parents = append(i.Parents, old.Parents...)
		i.Local = append(i.Local, old.Local...)
	}
	i.Parents = append(i.Parents, c.Parent)
	// the columns the child had stay its own (attislocal)
	if t, ok := h.Table(h.SQLContext(), c.Child.Schema, c.Child.Name); ok {
		for _, col := range t.Schema() {
			if !containsString(i.Local, col.Name) {
				i.Local = append(i.Local, col.Name)
			}
		}
	}
	h.SetCatalog(cat.PutInheritance(i))
	return nil
}

// dropInherit is ALTER TABLE child NO INHERIT parent.
func dropInherit(h Host, c *translate.DetachPartition) error {
	cat := h.Catalog()
	old := cat.Inherits(c.Child)
	if old == nil {
		return nil
	}
	var rest []catalog.QName
	for _, p := range old.Parents {
		if p != c.Parent {
			rest = append(rest, p)
		}
	}
	if len(rest) == 0 {
		h.SetCatalog(cat.DetachInheritance(c.Child))
		return nil
	}
	h.SetCatalog(cat.PutInheritance(catalog.Inheritance{Table: c.Child, Parents: rest, Local: old.Local}))
	return nil
}
