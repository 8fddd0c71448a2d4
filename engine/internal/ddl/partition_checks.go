package ddl

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// A partitioned table's CHECK constraints are every partition's (docs
// 5.11.2.3): a partition created with PARTITION OF gets them, one added
// to or dropped from the partitioned table is added to or dropped from
// its partitions (the translator checked the partitions' rows), and a
// table ATTACHed must already have them and the NOT NULL columns
// (PostgreSQL 15 does not add them at ATTACH).

// checkNames are the names of t's CHECK constraints.
func checkNames(ctx *sql.Context, t *storage.Table) (map[string]bool, []sql.CheckDefinition, error) {
	checks, err := t.StoredChecks(ctx)
	if err != nil {
		return nil, nil, err
	}
	names := make(map[string]bool, len(checks))
	for _, c := range checks {
		names[c.Name] = true
	}
	return names, checks, nil
}

// inheritPartitionChecks gives a partition just created its partitioned
// table's CHECK constraints.
func inheritPartitionChecks(h Host, ctx *sql.Context, schema, name string) error {
	child, parent, ok, err := newPartitionParent(h, schema, name) // partition_index.go
	if err != nil || !ok {
		return err
	}
	pt, ok := h.Table(ctx, parent.Schema, parent.Name)
	if !ok {
		return nil
	}
	ct, ok := h.Table(ctx, child.Schema, name)
	if !ok {
		return nil
	}
	_, checks, err := checkNames(ctx, pt)
	if err != nil {
		return err
	}
	return addMissingChecks(ctx, ct, checks)
}

func addMissingChecks(ctx *sql.Context, t *storage.Table, checks []sql.CheckDefinition) error {
	have, _, err := checkNames(ctx, t)
	if err != nil {
		return err
	}
	for _, c := range checks {
		if have[c.Name] {
			continue
		}
		def := c
		if err := t.CreateCheck(ctx, &def); err != nil {
			return err
		}
	}
	return nil
}

// partitionChecksBefore are the CHECK constraint names of a partitioned
// table an ALTER TABLE is about to change (nil for any other table).
func partitionChecksBefore(h Host, ctx *sql.Context, schema, name string) map[string]bool {
	t, ok := h.Table(ctx, schema, name)
	if !ok {
		return nil
	}
	if _, parted := h.Catalog().Partitioned(catalog.QName{Schema: t.SchemaName(), Name: t.Name()}); !parted {
		return nil
	}
	names, _, _ := checkNames(ctx, t)
	return names
}

// syncPartitionChecks passes the CHECK constraints an ALTER TABLE added
// to or dropped from a partitioned table (before: its names before) on
// to every partition below it.
func syncPartitionChecks(h Host, ctx *sql.Context, schema, name string, before map[string]bool) error {
	if before == nil {
		return nil
	}
	t, ok := h.Table(ctx, schema, name)
	if !ok {
		return nil
	}
	now, checks, err := checkNames(ctx, t)
	if err != nil {
		return err
	}
	cat := h.Catalog()
	for _, d := range cat.Descendants(catalog.QName{Schema: t.SchemaName(), Name: t.Name()}) {
		ct, ok := h.Table(ctx, d.Schema, d.Name)
		if !ok {
			continue
		}
		have, _, err := checkNames(ctx, ct)
		if err != nil {
			return err
		}
		for n := range before {
			if !now[n] && have[n] {
				if err := ct.DropCheck(ctx, n); err != nil {
					return err
				}
			}
		}
		if err := addMissingChecks(ctx, ct, checks); err != nil {
			return err
		}
	}
	return nil
}

// attachConstraints refuses to ATTACH a table lacking a NOT NULL or a
// CHECK constraint of the partitioned table (42804, as PostgreSQL's
// MergeAttributesIntoExisting and MergeConstraintsIntoExisting).
func attachConstraints(ctx *sql.Context, pt, ct *storage.Table) error {
	csch := ct.Schema()
	for _, c := range pt.Schema() {
		if c.Nullable {
			continue
		}
		if j := csch.IndexOfColName(c.Name); j >= 0 && csch[j].Nullable {
			return pgerror.New(pgerror.DatatypeMismatch, "column %q in child table must be marked NOT NULL", c.Name)
		}
	}
	have, _, err := checkNames(ctx, ct)
	if err != nil {
		return err
	}
	_, checks, err := checkNames(ctx, pt)
	if err != nil {
		return err
	}
	for _, c := range checks {
		if !have[c.Name] {
			return pgerror.New(pgerror.DatatypeMismatch, "child table is missing constraint %q", c.Name)
		}
	}
	return nil
}
