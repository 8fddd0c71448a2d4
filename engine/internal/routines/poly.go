package routines

import "github.com/tinybase/tinybase/engine/internal/catalog"

// fnKey identifies a routine's compiled body: a polymorphic routine has
// one per set of actual types its calls resolved (PostgreSQL, too,
// compiles a PL/pgSQL function once per actual argument types).
type fnKey struct {
	fn     *catalog.Function
	actual string
}

func keyOf(fn *catalog.Function) fnKey { return fnKey{fn.Declared(), fn.Actual} }
