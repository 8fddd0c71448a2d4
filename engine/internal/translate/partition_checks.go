package translate

import (
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// A partitioned table's CHECK constraints are its partitions' too (docs
// 5.11.2.3): ADD CONSTRAINT on it checks every partition's rows (the
// engine then adds the constraint to each, ddl/partition_checks.go), and
// a partition cannot drop one it inherited.

// checkInheritedDrop refuses DROP CONSTRAINT of a check a partition has
// from its partitioned table (42P16).
func (t *Translator) checkInheritedDrop(ti *TableInfo, name string, kind byte) {
	r := t.reader()
	if (kind == 'p' || kind == 'u') && r != nil && !t.recursing {
		t.checkAttachedKeyDrop(ti, name) // ddl_index_attach.go
	}
	if kind != 'c' || r == nil {
		return
	}
	pq, ok := r.Current().PartitionParent(catalog.QName{Schema: ti.Schema, Name: ti.Name})
	if !ok {
		return
	}
	p, ok := t.Tables.LookupTable(pq.Schema, pq.Name)
	if !ok {
		return
	}
	if _, inherited := p.Checks[name]; inherited {
		fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot drop inherited constraint %q of relation %q", name, ti.Name))
	}
}

// checkPartitionRows checks a CHECK constraint being added to a
// partitioned table against each partition's rows.
func (t *Translator) checkPartitionRows(ti *TableInfo, name string, check sqlparser.Expr) {
	r := t.reader()
	if r == nil {
		return
	}
	q := catalog.QName{Schema: ti.Schema, Name: ti.Name}
	if _, parted := r.Current().Partitioned(q); !parted {
		return
	}
	for _, d := range r.Current().Descendants(q) {
		ci, ok := t.Tables.LookupTable(d.Schema, d.Name)
		if !ok || ci.Violated == nil {
			continue
		}
		if bad, ok := ci.Violated(check); ok && bad {
			fail(&pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Table: d.Name, Constraint: name,
				Message: "check constraint \"" + name + "\" of relation \"" + d.Name + "\" is violated by some row"})
		}
	}
}

// isPartitioned reports a partitioned table, whose ALTER TABLE runs as a
// "sequence" so the engine can pass constraint changes to its partitions.
func (t *Translator) isPartitioned(ti *TableInfo) bool {
	r := t.reader()
	if r == nil {
		return false
	}
	_, parted := r.Current().Partitioned(catalog.QName{Schema: ti.Schema, Name: ti.Name})
	return parted
}
