package expr

import (
	"sort"
	"sync/atomic"
)

// Registry maps a lower-case function name to its overloads, in the order
// they were added: overload resolution (NewFuncCall) tries them in that
// order within each pass, so the order is part of the behaviour. A
// Registry is filled by family functions (func(*Registry), one per
// function family) called in one fixed order by the composition root,
// session.Builtins, and is not changed after it is installed.
type Registry struct {
	funcs map[string][]FuncImpl
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{funcs: map[string][]FuncImpl{}} }

// Add appends an overload of name.
func (r *Registry) Add(name string, impl FuncImpl) {
	r.funcs[name] = append(r.funcs[name], impl)
}

// Overloads returns the overloads of name in registry order (nil when
// there are none). The slice belongs to the registry.
func (r *Registry) Overloads(name string) []FuncImpl { return r.funcs[name] }

// Has reports whether name has at least one overload.
func (r *Registry) Has(name string) bool {
	_, ok := r.funcs[name]
	return ok
}

// Names returns every registered name, sorted.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.funcs))
	for n := range r.funcs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

var (
	emptyRegistry = NewRegistry()
	builtins      atomic.Pointer[Registry]
)

// UseBuiltins installs r as the built-in function registry every reader
// (NewFuncCall, IsSRF, translate, pgcatalog) consults. The composition
// root, session.Builtins, builds the one registry and the engine installs
// it when it opens; installing the same registry again is harmless.
func UseBuiltins(r *Registry) { builtins.Store(r) }

// Builtins returns the installed built-in function registry, or an empty
// one before any engine has been opened.
func Builtins() *Registry {
	if r := builtins.Load(); r != nil {
		return r
	}
	return emptyRegistry
}
