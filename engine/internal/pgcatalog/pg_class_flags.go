package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pg_class columns psql's \d reads to decide which sections to print.
const (
	relChecksCol      = 18 // relchecks: the number of CHECK constraints
	relHasTriggersCol = 20 // relhastriggers
)

// tableFlags counts each table's CHECK constraints and reports whether it
// has triggers, counting the internal triggers PostgreSQL creates on both
// sides of a foreign key. Keys are "schema.name".
func (s *State) tableFlags(rels []Relation) (checks map[string]int, triggers map[string]bool, err error) {
	checks, triggers = map[string]int{}, map[string]bool{}
	for _, r := range rels {
		// only foreign keys and checks count: read them, not every
		// constraint (constraints.go)
		fks, err := r.Table.GetDeclaredForeignKeys(s.Ctx)
		if err != nil {
			return nil, nil, err
		}
		key := r.Schema + "." + r.Name
		for _, fk := range fks {
			triggers[key] = true
			triggers[fk.ParentSchema+"."+fk.ParentTable] = true
		}
		cks, err := r.Table.GetChecks(s.Ctx)
		if err != nil {
			return nil, nil, err
		}
		if len(cks) > 0 {
			checks[key] = len(cks)
		}
	}
	for _, t := range s.Catalog.AllTriggers() {
		triggers[t.Table.Schema+"."+t.Table.Name] = true
	}
	return checks, triggers, nil
}

// storageOf is pg_type.typstorage, which a column's attstorage starts as:
// plain for fixed-length types, main for numeric and inet, extended for
// the other variable-length ones.
func storageOf(t *types.Type) string {
	b := t.Base()
	switch {
	case b.Kind == types.KindNumeric || b.Kind == types.KindInet:
		return "m"
	case b.Len == -1:
		return "x"
	}
	return "p"
}
