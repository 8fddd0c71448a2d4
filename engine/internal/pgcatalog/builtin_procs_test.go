package pgcatalog

import (
	"testing"

	"github.com/tinybase/tinybase/engine/internal/translate"
)

func TestBuiltinImplemented(t *testing.T) {
	for _, c := range []struct {
		name            string
		kind            byte
		nargs, defaults int
		variadic        bool
		want            bool
	}{
		{"now", 'f', 0, 0, false, true},
		{"now", 'f', 1, 0, false, false},
		{"lower", 'f', 1, 0, false, true},
		{"concat", 'f', 1, 0, true, true},
		{"make_interval", 'f', 7, 7, false, true},
		{"generate_series", 'f', 2, 0, false, true},
		{"count", 'a', 1, 0, false, true},
		{"row_number", 'w', 0, 0, false, true},
		{"now", 'a', 0, 0, false, false},
		{"now", 'p', 0, 0, false, false},
		{"no_such_function", 'f', 0, 0, false, false},
	} {
		if got := BuiltinImplemented(c.name, c.kind, c.nargs, c.defaults, c.variadic); got != c.want {
			t.Errorf("BuiltinImplemented(%q, %c, %d, %d, %t) = %t, want %t", c.name, c.kind, c.nargs, c.defaults, c.variadic, got, c.want)
		}
	}
}

// TestBuiltinRows checks the built-in rows: PostgreSQL's fixed OIDs
// (below the first user OID, each once), in pg_catalog, one value a
// column of pg_proc.
func TestBuiltinRows(t *testing.T) {
	b := builtinsOnce()
	if len(b.procs) < 100 {
		t.Fatalf("%d built-in functions, want more than 100", len(b.procs))
	}
	seen := map[uint32]bool{}
	for i, p := range b.procs {
		if p.OID == 0 || p.OID >= 16384 || seen[p.OID] {
			t.Errorf("%s: OID %d is not a distinct built-in OID", p.Name, p.OID)
		}
		seen[p.OID] = true
		r := b.rows[i]
		if len(r) != len(pgProc.cols) {
			t.Fatalf("%s: %d values, pg_proc has %d columns", p.Name, len(r), len(pgProc.cols))
		}
		if r[2] != NamespaceOID("pg_catalog") {
			t.Errorf("%s: pronamespace %v", p.Name, r[2])
		}
	}
	if p, ok := BuiltinByOID(1299); !ok || p.Name != "now" {
		t.Errorf("BuiltinByOID(1299) = %v, %t; want now", p, ok)
	}
}

// TestVolatileBuiltins checks translate's list of volatile built-ins,
// by which a WITH query is materialized, against pg_proc.provolatile: a
// name is listed when every implemented pg_catalog function of that name
// is volatile.
func TestVolatileBuiltins(t *testing.T) {
	volatile := map[string]bool{}
	other := map[string]bool{}
	for _, p := range Builtins() {
		if p.Kind != 'f' {
			continue
		}
		if p.Volatile == 'v' {
			volatile[p.Name] = true
		} else {
			other[p.Name] = true
		}
	}
	for name := range volatile {
		if !other[name] && !translate.IsVolatileBuiltin(name) {
			t.Errorf("%s is volatile in pg_proc but not in translate's volatileBuiltins", name)
		}
	}
	for _, p := range Builtins() {
		if translate.IsVolatileBuiltin(p.Name) && !volatile[p.Name] {
			t.Errorf("%s is in translate's volatileBuiltins but not volatile in pg_proc", p.Name)
		}
	}
}
