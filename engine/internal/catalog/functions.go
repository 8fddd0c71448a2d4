package catalog

import (
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// RoutineKind is pg_proc.prokind.
type RoutineKind byte

const (
	KindFunction  RoutineKind = 'f'
	KindProcedure RoutineKind = 'p'
)

// ArgMode is pg_proc.proargmodes' letter for one parameter.
type ArgMode byte

const (
	ModeIn       ArgMode = 'i'
	ModeOut      ArgMode = 'o'
	ModeInOut    ArgMode = 'b'
	ModeVariadic ArgMode = 'v'
	ModeTable    ArgMode = 't'
)

// IsInput reports whether a parameter of this mode is passed by the caller.
func (m ArgMode) IsInput() bool { return m == ModeIn || m == ModeInOut || m == ModeVariadic }

// IsOutput reports whether a parameter of this mode is part of the result.
func (m ArgMode) IsOutput() bool { return m == ModeOut || m == ModeInOut || m == ModeTable }

// Volatility is pg_proc.provolatile.
type Volatility byte

const (
	Immutable Volatility = 'i'
	Stable    Volatility = 's'
	Volatile  Volatility = 'v'
)

// Arg is one declared parameter of a routine, OUT and TABLE columns
// included (docs: CREATE FUNCTION, argmode argname argtype DEFAULT expr).
type Arg struct {
	Name string
	Mode ArgMode
	Type *types.Type
	// Default is the SQL text of the default expression, "" when none.
	Default string
}

// Function is one pg_proc row: a user-defined function or procedure.
// Values are immutable once in a catalog; CREATE OR REPLACE installs a
// new value under the same OID.
type Function struct {
	OID          uint32
	Schema, Name string
	Kind         RoutineKind
	Args         []Arg
	// Result is the declared result type: a scalar or composite type, or
	// types.Void / types.Trigger / types.Record pseudo-types. For a
	// procedure it is nil (void) unless it has OUT parameters (record).
	Result *types.Type
	// ReturnsSet is SETOF / RETURNS TABLE.
	ReturnsSet bool
	Language   string // "sql", "plpgsql", "c"
	// Module is probin: for LANGUAGE c, the object file named in
	// AS 'file', 'symbol' ($libdir/<extension> once MODULE_PATHNAME is
	// substituted); Body is then the link symbol.
	Module string
	// Body is prosrc: the function body text (for RETURN expr / BEGIN
	// ATOMIC bodies, the statement text PostgreSQL would print).
	Body string
	// SQLBody is set for RETURN expr / BEGIN ATOMIC bodies (prosqlbody).
	SQLBody         bool
	Volatility      Volatility
	Strict          bool
	SecurityDefiner bool
	Leakproof       bool
	// Parallel is proparallel: 's' safe, 'r' restricted, 'u' or 0
	// unsafe (tinybase runs every call serially; it is only printed)
	Parallel byte
	// Config is proconfig: "name=value" settings applied during a call
	// (SET search_path = ...).
	Config []string
	Cost   float64
	Rows   float64
	Owner  string
	// Generic is set on a call's copy of a polymorphic routine
	// (Specialize): the routine as declared. Actual then names the types
	// its polymorphic parameters resolved to.
	Generic *Function
	Actual  string
	// Agg is the pg_aggregate row of an aggregate (Kind KindAggregate).
	Agg *Aggregate
}

// InputArgs returns the parameters a caller passes (IN, INOUT, VARIADIC).
func (f *Function) InputArgs() []Arg {
	out := make([]Arg, 0, len(f.Args))
	for _, a := range f.Args {
		if a.Mode.IsInput() {
			out = append(out, a)
		}
	}
	return out
}

// OutputArgs returns the OUT, INOUT and TABLE parameters.
func (f *Function) OutputArgs() []Arg {
	var out []Arg
	for _, a := range f.Args {
		if a.Mode.IsOutput() {
			out = append(out, a)
		}
	}
	return out
}

// InputTypes returns the types of the input parameters (the signature
// that identifies the routine among its overloads).
func (f *Function) InputTypes() []*types.Type {
	in := f.InputArgs()
	out := make([]*types.Type, len(in))
	for i, a := range in {
		out[i] = a.Type
	}
	return out
}

// Variadic reports whether the last input parameter is VARIADIC.
func (f *Function) Variadic() bool {
	in := f.InputArgs()
	return len(in) > 0 && in[len(in)-1].Mode == ModeVariadic
}

// NumDefaults is pronargdefaults: how many trailing input parameters
// have defaults.
func (f *Function) NumDefaults() int {
	n := 0
	for _, a := range f.InputArgs() {
		if a.Default != "" {
			n++
		}
	}
	return n
}

// Setting returns a proconfig value (SET name = value) and whether the
// routine has one.
func (f *Function) Setting(name string) (string, bool) {
	for _, c := range f.Config {
		if k, v, ok := strings.Cut(c, "="); ok && k == name {
			return v, true
		}
	}
	return "", false
}

// Signature is the routine's identity as PostgreSQL prints it:
// name(type, type) with input types only.
func (f *Function) Signature() string { return f.signature(", ") }

// DescribedSignature is the signature as pg_describe_object prints it
// (format_procedure): the argument types joined by commas alone.
func (f *Function) DescribedSignature() string { return f.signature(",") }

func (f *Function) signature(sep string) string {
	parts := make([]string, 0, len(f.Args))
	for _, t := range f.Declared().InputTypes() { // as declared, polymorphic types included
		parts = append(parts, t.FormatTypeNoMod())
	}
	return f.Name + "(" + strings.Join(parts, sep) + ")"
}

// SameInputTypes reports whether f's input parameter types are exactly ts
// (by OID).
func (f *Function) SameInputTypes(ts []*types.Type) bool {
	in := f.InputTypes()
	if len(in) != len(ts) {
		return false
	}
	for i, t := range in {
		if t.OID != ts[i].OID {
			return false
		}
	}
	return true
}

// Functions returns every overload named q (routines of both kinds),
// ordered by OID.
func (c *Catalog) Functions(q QName) []*Function {
	if c == nil {
		return nil
	}
	return c.functions[q]
}

// FunctionByOID finds a routine by OID.
func (c *Catalog) FunctionByOID(oid uint32) (*Function, bool) {
	if c == nil {
		return nil, false
	}
	for _, fs := range c.functions {
		for _, f := range fs {
			if f.OID == oid {
				return f, true
			}
		}
	}
	for _, f := range builtinTriggers {
		if f.OID == oid {
			return f, true
		}
	}
	return nil, false
}

// AllFunctions returns every routine ordered by schema, name and OID.
func (c *Catalog) AllFunctions() []*Function {
	if c == nil {
		return nil
	}
	var out []*Function
	for _, k := range sortedKeys(c.functions) {
		out = append(out, c.functions[k]...)
	}
	return out
}

// HasFunctionsNamed reports whether any routine is called name in any
// schema (a cheap test before a search-path lookup).
func (c *Catalog) HasFunctionsNamed(name string) bool {
	if c == nil {
		return false
	}
	return c.funcNames[name] > 0
}

// PutFunction returns a catalog with f added, or replacing the routine
// with the same OID (CREATE OR REPLACE, ALTER FUNCTION). A new routine
// (OID 0) gets an OID, which the returned pointer carries.
func (c *Catalog) PutFunction(f Function) (*Catalog, *Function) {
	n := c.clone()
	if f.OID == 0 {
		f.OID = n.allocOID()
	}
	n.functions = copyMap(n.functions)
	n.funcNames = copyMap(n.funcNames)
	// remove an older version (possibly under another name: RENAME / SET SCHEMA)
	for q, fs := range n.functions {
		for i, old := range fs {
			if old.OID == f.OID {
				rest := append(append([]*Function(nil), fs[:i]...), fs[i+1:]...)
				if len(rest) == 0 {
					delete(n.functions, q)
				} else {
					n.functions[q] = rest
				}
				n.funcNames[q.Name]--
				break
			}
		}
	}
	q := QName{f.Schema, f.Name}
	fs := append(append([]*Function(nil), n.functions[q]...), &f)
	sort.Slice(fs, func(i, j int) bool { return fs[i].OID < fs[j].OID })
	n.functions[q] = fs
	n.funcNames[f.Name]++
	return n, &f
}

// DropFunction returns a catalog without the routine whose OID is oid
// (and its comment).
func (c *Catalog) DropFunction(oid uint32) *Catalog {
	f, ok := c.FunctionByOID(oid)
	if !ok {
		return c
	}
	n := c.clone()
	n.functions = copyMap(n.functions)
	n.funcNames = copyMap(n.funcNames)
	q := QName{f.Schema, f.Name}
	var rest []*Function
	for _, g := range n.functions[q] {
		if g.OID != oid {
			rest = append(rest, g)
		}
	}
	if len(rest) == 0 {
		delete(n.functions, q)
	} else {
		n.functions[q] = rest
	}
	n.funcNames[f.Name]--
	sig := f.Signature()
	return n.withoutComments(func(k ObjectKey) bool {
		return k.Kind == ObjFunction && k.Schema == f.Schema && (k.Name == f.Name || k.Name == sig)
	})
}

// dropSchemaRoutines removes a schema's routines and the triggers on its
// tables (DROP SCHEMA ... CASCADE).
func (c *Catalog) dropSchemaRoutines(schema string) {
	fs := make(map[QName][]*Function, len(c.functions))
	names := make(map[string]int, len(c.funcNames))
	for k, v := range c.functions {
		if k.Schema != schema {
			fs[k] = v
			names[k.Name] += len(v)
		}
	}
	c.functions, c.funcNames = fs, names
	ts := make(map[QName][]*Trigger, len(c.triggers))
	for k, v := range c.triggers {
		if k.Schema != schema {
			ts[k] = v
		}
	}
	c.triggers = ts
}

// schemaHasRoutines reports whether a schema holds routines.
func (c *Catalog) schemaHasRoutines(schema string) bool {
	for k := range c.functions {
		if k.Schema == schema {
			return true
		}
	}
	return false
}
