package ddl

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// clonePartitionTriggers gives partition child clones of its partitioned
// parent's row triggers, as CREATE TABLE ... PARTITION OF and ATTACH
// PARTITION do in PostgreSQL (docs: CREATE TRIGGER). cat is the catalog
// with child already in the tree; the result is not yet set.
func clonePartitionTriggers(cat *catalog.Catalog, parent, child catalog.QName) (*catalog.Catalog, error) {
	out, conflict, name := cat.ClonePartitionTriggers(parent, child)
	if conflict != (catalog.QName{}) {
		return nil, pgerror.New(pgerror.DuplicateObject, "trigger %q for relation %q already exists", name, conflict.Name)
	}
	return out, nil
}

// cloneNewPartitionTriggers is clonePartitionTriggers for a table just
// created as a partition.
func cloneNewPartitionTriggers(h Host, schema, name string) error {
	child, parent, ok, err := newPartitionParent(h, schema, name)
	if err != nil || !ok {
		return err
	}
	next, err := clonePartitionTriggers(h.Catalog(), parent, child)
	if err != nil {
		return err
	}
	h.SetCatalog(next)
	return nil
}
