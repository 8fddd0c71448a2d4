package pgcatalog

//go:generate go run ./internal/genbuiltins -o builtin_procs_gen.go

import (
	"sync"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// BuiltinProc is one pg_catalog function of PostgreSQL 15 as its pg_proc
// row has it, recorded by internal/genbuiltins (builtin_procs_gen.go)
// from a PostgreSQL 15 server: PostgreSQL's built-in OIDs are fixed, so
// the recorded OIDs are the ones clients see there. Which of them
// pg_proc lists follows from tinybase's own function registry
// (BuiltinImplemented); the recording only supplies PostgreSQL's numbers
// and texts.
type BuiltinProc struct {
	OID          uint32
	Name         string
	Kind         byte // prokind: f, a, w
	Volatile     byte // provolatile: i, s, v
	Parallel     byte // proparallel: s, r, u
	Strict       bool
	RetSet       bool
	Leakproof    bool
	Lang         uint32 // prolang: 12 internal, 14 sql
	Cost, Rows   float32
	NArgDefaults int16
	Variadic     uint32
	RetType      uint32
	ArgTypes     []uint32 // proargtypes
	AllArgTypes  []uint32 // proallargtypes (nil unless OUT arguments)
	ArgModes     string   // proargmodes, one letter an argument
	ArgNames     []string // proargnames
	Src          string   // prosrc
	// Arguments, IdentityArguments and Result are what
	// pg_get_function_arguments, pg_get_function_identity_arguments and
	// pg_get_function_result print for it.
	Arguments, IdentityArguments, Result string
}

// BuiltinImplemented reports whether tinybase implements PostgreSQL's
// built-in function name with this kind (f, a, w), nargs declared
// arguments of which ndefaults have defaults, variadic or not: a
// function needs an overload of its registry (expr.Builtins, set-returning
// functions included) taking an argument count PostgreSQL's accepts;
// aggregates and window functions need only their name.
func BuiltinImplemented(name string, kind byte, nargs, ndefaults int, variadic bool) bool {
	switch kind {
	case 'a':
		return translate.IsBuiltinAggregate(name)
	case 'w':
		return translate.IsBuiltinWindow(name)
	case 'f':
	default:
		return false
	}
	if _, ok := catalog.BuiltinTrigger(name); ok && nargs == 0 {
		return true // run by the routines package's internal handler
	}
	for _, key := range []string{name, expr.SRFKey(name)} {
		for _, c := range expr.Builtins().Overloads(key) {
			fixed := len(c.Args)
			if c.Variadic != nil || c.VarAny {
				// VARIADIC: PostgreSQL counts the trailing array as one
				// declared argument
				if variadic && nargs == fixed+1 || !variadic && nargs >= fixed {
					return true
				}
				continue
			}
			if !variadic && fixed <= nargs && fixed >= nargs-ndefaults {
				return true
			}
		}
	}
	return false
}

// builtins are the recorded built-in functions tinybase implements and
// their pg_proc rows, computed once from immutable data.
type builtins struct {
	procs []*BuiltinProc
	rows  [][]any
	byOID map[uint32]*BuiltinProc
}

var builtinsOnce = sync.OnceValue(func() *builtins {
	b := &builtins{byOID: map[uint32]*BuiltinProc{}}
	for i := range builtinProcs {
		p := &builtinProcs[i]
		if !BuiltinImplemented(p.Name, p.Kind, len(p.ArgTypes), int(p.NArgDefaults), p.Variadic != 0) {
			continue
		}
		b.procs = append(b.procs, p)
		b.byOID[p.OID] = p
		b.rows = append(b.rows, p.row())
	}
	return b
})

// Builtins lists the built-in functions pg_proc shows, in OID order.
// Callers must not modify them.
func Builtins() []*BuiltinProc { return builtinsOnce().procs }

// BuiltinByOID returns the built-in function with this OID.
func BuiltinByOID(oid uint32) (*BuiltinProc, bool) {
	p, ok := builtinsOnce().byOID[oid]
	return p, ok
}

// builtinRows appends pg_proc's rows of the built-in functions to out.
func builtinRows(out [][]any) [][]any { return append(out, builtinsOnce().rows...) }

func oidVector(oids []uint32) *types.Array {
	vals := make([]any, len(oids))
	for i, o := range oids {
		vals[i] = o
	}
	return vector(types.Oid, vals)
}

// row is the pg_proc row of p (column order of pgProc).
func (p *BuiltinProc) row() []any {
	var all, modes, names any
	if p.AllArgTypes != nil {
		vals := make([]any, len(p.AllArgTypes))
		for i, o := range p.AllArgTypes {
			vals[i] = o
		}
		all = types.NewArray(types.Oid, vals)
	}
	if p.ArgModes != "" {
		vals := make([]any, len(p.ArgModes))
		for i := range p.ArgModes {
			vals[i] = p.ArgModes[i : i+1]
		}
		modes = types.NewArray(types.Char, vals)
	}
	if p.ArgNames != nil {
		vals := make([]any, len(p.ArgNames))
		for i, n := range p.ArgNames {
			vals[i] = n
		}
		names = types.NewArray(types.Text, vals)
	}
	var defaults any
	if p.NArgDefaults > 0 {
		// proargdefaults is a pg_node_tree PostgreSQL prints only
		// through pg_get_function_arguments; tinybase keeps that text
		defaults = p.Arguments
	}
	return []any{p.OID, p.Name, NamespaceOID("pg_catalog"), uint32(10), p.Lang,
		p.Cost, p.Rows, p.Variadic, "-", string(rune(p.Kind)), false, p.Leakproof,
		p.Strict, p.RetSet, string(rune(p.Volatile)), string(rune(p.Parallel)), int16(len(p.ArgTypes)), p.NArgDefaults, p.RetType,
		oidVector(p.ArgTypes), all, modes, names, defaults, p.Src, nil, nil, nil, nil}
}
