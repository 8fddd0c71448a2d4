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
		cks, err := r.Table.StoredChecks(s.Ctx)
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

// storageOf is pg_type.typstorage, which a column's attstorage starts as
// (recorded from PostgreSQL: main for numeric, inet and cidr, plain for
// tsquery as for fixed-length types, external for pgvector's).
func storageOf(t *types.Type) string {
	return string(rune(ioOf(t).storage)) // builtin_types.go
}
