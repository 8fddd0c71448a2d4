package expr

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// FuncImpl is one overload of a built-in function.
type FuncImpl struct {
	Args     []*types.Type // nil entry: any type
	Variadic *types.Type   // element type of trailing VARIADIC args (nil entry type: any)
	VarAny   bool          // variadic "any": each trailing arg keeps its type
	Result   func(args []*types.Type) *types.Type
	Fn       func(ctx *sql.Context, env *types.Env, args []any) (any, error)
	// NonStrict functions are called with NULL arguments; strict ones return NULL.
	NonStrict bool
	// Volatile functions are never folded at plan time.
	Volatile bool
	// Typed, when set, is called instead of Fn and also gets the resolved
	// argument types (pg_typeof, functions over user-defined types).
	Typed func(ctx *sql.Context, argTypes []*types.Type, args []any) (any, error)
	// WithExprs, when set, is called instead of Fn with the argument
	// expressions as well (pg_column_size tells a stored column's value
	// from a computed one).
	WithExprs func(ctx *sql.Context, exprs []sql.Expression, argTypes []*types.Type, args []any) (any, error)
	// KeepUnknown leaves unknown literals in "any" positions unknown, as
	// PostgreSQL's "any" pseudo-type does (pg_typeof('abc') is unknown).
	KeepUnknown bool
	// AnyElement marks a nil (polymorphic) argument as anyelement rather
	// than "any": an unknown literal there cannot settle its type, 42804
	// (to_jsonb('x')), as PostgreSQL's enforce_generic_type_consistency.
	AnyElement bool
	// Compatible marks an overload whose anyarray arguments are
	// anycompatiblearray and nil ones anycompatible: the call settles on
	// the arguments' common type (array_append(int[], bigint) is
	// bigint[]), and arguments without one leave it unmatched, 42883.
	Compatible bool
	// Columns, set on a set-returning overload, names its result columns
	// when they differ from its siblings' (unnest(tsvector) against
	// unnest(anyarray)); srfColumns covers whole function names.
	Columns []SRFColumn
}

// Fixed returns a Result func for a fixed return type.
func Fixed(t *types.Type) func([]*types.Type) *types.Type {
	return func([]*types.Type) *types.Type { return t }
}

// FuncCall is a resolved call of a built-in function.
type FuncCall struct {
	base
	Name string
	Args []sql.Expression
	impl FuncImpl
	ats  []*types.Type
	// Keyword, when set, is the SQL-standard spelling the call was written
	// as (CURRENT_DATE for current_date()); the call prints as it, the way
	// pg_get_expr prints a stored SQLValueFunction.
	Keyword string
}

// NewFuncCall resolves name(args...) (docs 10.3, simplified): an exact
// match on argument types, then matches where unknown literals take the
// declared type, then matches through implicit casts.
func NewFuncCall(env *types.Env, name string, args []sql.Expression) (sql.Expression, error) {
	return resolveFuncCall(env, name, args, Builtins().Overloads(name))
}

// NewVariadicFuncCall resolves name(a, VARIADIC arr): only overloads with
// a VARIADIC parameter of a declared element type match, in their
// unexpanded form, the array's elements becoming the trailing arguments
// when the call runs (docs 38.5.6). Strict overloads give NULL for a
// NULL array, not for NULL elements.
func NewVariadicFuncCall(env *types.Env, name string, args []sql.Expression) (sql.Expression, error) {
	var cands []FuncImpl
	for _, c := range Builtins().Overloads(name) {
		if (c.Variadic == nil && !c.VarAny) || (c.Typed != nil && !c.VarAny) {
			continue
		}
		at := anyArray // VARIADIC "any" takes an array of any type
		if !c.VarAny {
			if at = types.ArrayOf(c.Variadic); at == nil {
				continue
			}
		}
		n, fn := len(c.Args), c.Fn
		s := c
		s.Variadic, s.VarAny, s.Typed = nil, false, nil
		s.Args = append(append([]*types.Type{}, c.Args...), at)
		s.NonStrict = true
		s.Fn = func(ctx *sql.Context, env *types.Env, a []any) (any, error) {
			arr, _ := a[n].(*types.Array)
			if arr == nil {
				return nil, nil
			}
			if !c.NonStrict {
				for _, v := range a[:n] {
					if v == nil {
						return nil, nil
					}
				}
			}
			vals := append(append([]any{}, a[:n]...), arr.Values...)
			if c.Typed != nil {
				// VARIADIC "any": the elements have the array's element type
				ats := append([]*types.Type{}, c.Args...)
				for range arr.Values {
					ats = append(ats, arr.Elem)
				}
				return c.Typed(ctx, ats, vals)
			}
			return fn(ctx, env, vals)
		}
		cands = append(cands, s)
	}
	ats := make([]*types.Type, len(args))
	for i, a := range args {
		ats[i] = TypeOf(a)
	}
	if len(cands) == 0 {
		return nil, errUndefinedFunction(name, ats)
	}
	return resolveFuncCall(env, name, args, cands)
}

func resolveFuncCall(env *types.Env, name string, args []sql.Expression, cands []FuncImpl) (sql.Expression, error) {
	ok := len(cands) > 0
	ats := make([]*types.Type, len(args))
	for i, a := range args {
		ats[i] = TypeOf(a)
	}
	if !ok {
		return nil, errUndefinedFunction(name, ats)
	}
	for pass := 0; pass < 3; pass++ {
		order := cands
		if pass == 1 {
			if order = unknownCandidates(cands, ats); order == nil {
				return nil, errAmbiguousFunction(name, ats)
			}
		}
		for _, c := range order {
			want, ok := expand(c, len(args), ats)
			if !ok {
				continue
			}
			if c.Compatible {
				if want, ok = compatibleWant(want, ats); !ok {
					continue
				}
			}
			good := true
			for i, w := range want {
				if c.Compatible {
					break // every argument casts to its bound type
				}
				a := ats[i].Base()
				switch {
				case w == nil || matches(w, a):
				case a.Kind == types.KindUnknown && pass >= 1:
				case pass == 2 && types.CastAllowedIn(env, a, w, types.CastImplicit):
				default:
					good = false
				}
				if !good {
					break
				}
			}
			if !good {
				continue
			}
			coerced := make([]sql.Expression, len(args))
			final := make([]*types.Type, len(args))
			poly := polyArrayType(want, ats)
			for i, w := range want {
				t := w
				if w == nil || (w.Kind == types.KindArray && w.Elem == nil) || (w.Kind == types.KindEnum && w.Labels == nil) || isAnyRecord(w) {
					t = ats[i]
					switch {
					case t.Kind == types.KindUnknown && w != nil && w.Kind == types.KindArray && poly != nil:
						t = poly
					case t.Kind == types.KindUnknown && w != nil && w.Kind == types.KindArray && elemPoly(want, ats) != nil:
						t = types.ArrayOf(elemPoly(want, ats)) // array_append('{1}', 2)
					case t.Kind == types.KindUnknown && w != nil && w.Kind == types.KindArray && polyPositions(want) == 1:
						// anyarray alone (array_length('{1}', 1)) has
						// nothing to take its element type from
						return nil, pgerror.New(pgerror.DatatypeMismatch, "could not determine polymorphic type because input has type unknown")
					case t.Kind == types.KindUnknown && w != nil && w.Kind == types.KindArray:
						// every polymorphic argument unknown: PostgreSQL's
						// anycompatible functions settle on text
						t = types.ArrayOf(types.Text)
					case t.Kind == types.KindUnknown && c.AnyElement:
						return nil, pgerror.New(pgerror.DatatypeMismatch, "could not determine polymorphic type because input has type unknown")
					case t.Kind == types.KindUnknown && c.KeepUnknown:
						coerced[i], final[i] = args[i], t
						continue
					case t.Kind == types.KindUnknown:
						t = types.Text
					}
				}
				e, err := Coerce(env, args[i], t, types.CastImplicit)
				if err != nil {
					return nil, err
				}
				coerced[i], final[i] = wrapJSONArg(name, e, t), t
			}
			fc := &FuncCall{base: base{c.Result(final)}, Name: name, Args: coerced, impl: c, ats: final}
			if !c.NonStrict && hasNullLiteral(coerced) && !IsSRF(name) && !allPlain(coerced) {
				// a strict function of a NULL constant is NULL, its other
				// arguments never evaluated (eval_const_expressions)
				return NewLiteral(fc.typ, nil), nil
			}
			if !c.Volatile && allLiterals(coerced) && !zoneDependent(final, fc.typ) { // fold_zone.go
				v, err := fc.eval(sql.NewEmptyContext(), nil, env) // the session's settings and notices
				if err == nil {
					return NewLiteral(fc.typ, v), nil
				}
			}
			return fc, nil
		}
	}
	return nil, errUndefinedFunction(name, ats)
}

// unknownCandidates orders the overloads for the pass where unknown
// literals (and untyped parameters) take the declared type: when several
// overloads fit, PostgreSQL settles each unknown argument's type category
// first (string if any candidate takes one there, else the one category
// every candidate shares) and keeps the candidates of that category,
// only those of its preferred type when one takes it (docs 10.3 step 4.e:
// abs('5') is abs(double precision)). Those are tried first, the rest
// after them in registry order.
func unknownCandidates(cands []FuncImpl, ats []*types.Type) []FuncImpl {
	var fit []FuncImpl
	var wants [][]*types.Type
	for _, c := range cands {
		want, ok := expand(c, len(ats), ats)
		if !ok {
			continue
		}
		good := true
		for i, w := range want {
			if a := ats[i].Base(); !(w == nil || matches(w, a) || a.Kind == types.KindUnknown) {
				good = false
				break
			}
		}
		if good {
			fit, wants = append(fit, c), append(wants, want)
		}
	}
	if len(fit) < 2 {
		return cands
	}
	keep := make([]bool, len(fit))
	for i := range keep {
		keep[i] = true
	}
	for i, a := range ats {
		if a.Kind != types.KindUnknown {
			continue
		}
		var cat byte
		preferred, conflict := false, false
		for _, want := range wants {
			c, p := categoryOf(want[i])
			switch {
			case cat == 0:
				cat, preferred = c, p
			case c == cat:
				preferred = preferred || p
			case c == 'S':
				cat, preferred = c, p
			default:
				conflict = true
			}
		}
		if conflict && cat != 'S' {
			return cands // PostgreSQL cannot settle it either; keep registry order
		}
		for k, want := range wants {
			c, p := categoryOf(want[i])
			if c != cat || preferred && !p {
				keep[k] = false
			}
		}
	}
	out := make([]FuncImpl, 0, len(cands))
	for k, c := range fit {
		if keep[k] {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil // no candidate takes every unknown's category: ambiguous
	}
	return append(out, cands...) // the rest keep their order after the kept
}

// categoryOf is a declared argument type's category and whether it is
// the category's preferred type; polymorphic positions are pseudo-types.
func categoryOf(t *types.Type) (byte, bool) {
	if t == nil || (t.Kind == types.KindArray && t.Elem == nil) || (t.Kind == types.KindEnum && t.Labels == nil) || isAnyRecord(t) {
		return 'P', false
	}
	if t.Category == 0 {
		return 'U', false // user-defined
	}
	return t.Category, t.Preferred
}

// polyArrayType is the array type the anyarray arguments' known types
// settle on, which unknown literals in anyarray positions then take
// (docs 38.2.5: polymorphic arguments share one actual type).
func polyArrayType(want, ats []*types.Type) *types.Type {
	for i, w := range want {
		if w != nil && w.Kind == types.KindArray && w.Elem == nil && ats[i].Kind == types.KindArray {
			return ats[i]
		}
	}
	return nil
}

// elemPoly is the known type of an argument in an element position (a
// nil declared type) beside an anyarray one, which the array's element
// type then is.
func elemPoly(want, ats []*types.Type) *types.Type {
	for i, w := range want {
		if w == nil && ats[i].Kind != types.KindUnknown && ats[i].Kind != types.KindArray {
			return ats[i]
		}
	}
	return nil
}

// polyPositions counts the declared polymorphic positions of a call.
func polyPositions(want []*types.Type) int {
	n := 0
	for _, w := range want {
		if w == nil || w.Kind == types.KindArray && w.Elem == nil {
			n++
		}
	}
	return n
}

func allPlain(es []sql.Expression) bool {
	for _, e := range es {
		if !plainOperand(e) {
			return false
		}
	}
	return true
}

func hasNullLiteral(es []sql.Expression) bool {
	for _, e := range es {
		if l, ok := e.(*Literal); ok && l.Value == nil {
			return true
		}
	}
	return false
}

func allLiterals(es []sql.Expression) bool {
	for _, e := range es {
		if _, ok := e.(*Literal); !ok {
			return false
		}
	}
	return true
}

// compatibleWant binds a Compatible overload's polymorphic positions
// to the call's common type (docs 38.2.5), giving the concrete types its
// arguments are coerced to; false when the arguments have none.
func compatibleWant(want, ats []*types.Type) ([]*types.Type, bool) {
	declared := make([]*types.Type, len(want))
	for i, w := range want {
		switch {
		case w == nil:
			declared[i] = types.AnyCompatible
		case w.Kind == types.KindArray && w.Elem == nil:
			declared[i] = types.AnyCompatibleArray
		default:
			declared[i] = w
		}
	}
	b, err := bindPoly(declared, ats)
	if err != nil {
		return nil, false
	}
	out := make([]*types.Type, len(want))
	for i, d := range declared {
		if out[i] = b.Subst(d); out[i] == nil {
			return nil, false
		}
	}
	return out, true
}

func expand(c FuncImpl, n int, ats []*types.Type) ([]*types.Type, bool) {
	if c.Variadic == nil && !c.VarAny {
		return c.Args, len(c.Args) == n
	}
	if n < len(c.Args) {
		return nil, false
	}
	out := append([]*types.Type{}, c.Args...)
	for i := len(c.Args); i < n; i++ {
		if c.VarAny {
			out = append(out, nil)
		} else {
			out = append(out, c.Variadic)
		}
	}
	return out, true
}

func (f *FuncCall) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	return f.eval(ctx, row, nil)
}

// eval is Eval in env, or ctx's session environment when env is nil.
func (f *FuncCall) eval(ctx *sql.Context, row sql.Row, env *types.Env) (any, error) {
	vals := make([]any, len(f.Args))
	null := false
	for i, a := range f.Args {
		v, err := a.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v != nil {
			if _, ok := a.Type().(*types.Type); !ok {
				if v, err = FromGMSValue(f.ats[i], v); err != nil {
					return nil, err
				}
			}
		}
		// a strict function's arguments are all evaluated before its
		// NULL check, as PostgreSQL does: an error in a later one raises
		null = null || v == nil
		vals[i] = v
	}
	if null && !f.impl.NonStrict {
		return nil, nil
	}
	if f.impl.Typed != nil {
		return f.impl.Typed(ctx, f.ats, vals)
	}
	if f.impl.WithExprs != nil {
		return f.impl.WithExprs(ctx, f.Args, f.ats, vals)
	}
	if env == nil {
		env = EnvOf(ctx)
	}
	return f.impl.Fn(ctx, env, vals)
}

// ArgTypes returns the resolved argument types.
func (f *FuncCall) ArgTypes() []*types.Type { return f.ats }

// AnyArg reports whether argument i goes to a VARIADIC "any" parameter,
// where PostgreSQL leaves an unknown literal unknown (concat('p', 'q')
// is stored and printed so).
func (f *FuncCall) AnyArg(i int) bool { return f.impl.VarAny && i >= len(f.impl.Args) }

// IsVolatile reports whether the call reads something that may change
// between executions (the session, its settings and claims, the clock), so
// a plan must evaluate it when it runs rather than fold it.
func (f *FuncCall) IsVolatile() bool { return f.impl.Volatile }

func (f *FuncCall) Children() []sql.Expression { return f.Args }
func (f *FuncCall) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *f
	n.Args = c
	return &n, nil
}
func (f *FuncCall) String() string {
	if f.Keyword != "" {
		return f.Keyword
	}
	parts := make([]string, len(f.Args))
	for i, a := range f.Args {
		parts[i] = a.String()
	}
	return fmt.Sprintf("%s(%s)", f.Name, strings.Join(parts, ", "))
}
