package pgcatalog

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
)

// TestKeepSchemaRows checks that a State takes over the previous one's
// schema-derived rows (pg_class, pg_attribute, pg_views) and recomputes
// the others (pg_settings follows SET, pg_sequences the sequence values).
func TestKeepSchemaRows(t *testing.T) {
	prev := &State{}
	prev.memo.rows = map[*def][]sql.Row{}
	for _, n := range []string{"pg_class", "pg_attribute", "pg_type", "pg_proc", "pg_views", "pg_settings", "pg_sequences"} {
		d, ok := pgCatalog[n]
		if !ok {
			t.Fatalf("pg_catalog.%s is not registered", n)
		}
		prev.memo.rows[d] = []sql.Row{{n}}
	}
	next := &State{}
	next.KeepSchemaRows(prev)
	tests := []struct {
		name string
		kept bool
	}{
		{"pg_class", true}, {"pg_attribute", true}, {"pg_type", true}, {"pg_proc", true}, {"pg_views", true},
		{"pg_settings", false}, {"pg_sequences", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, kept := next.memo.rows[pgCatalog[tt.name]]
			if kept != tt.kept {
				t.Errorf("kept %s = %v, want %v", tt.name, kept, tt.kept)
			}
		})
	}
}
