package expr

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
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
	// KeepUnknown leaves unknown literals in "any" positions unknown, as
	// PostgreSQL's "any" pseudo-type does (pg_typeof('abc') is unknown).
	KeepUnknown bool
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
	cands := Builtins().Overloads(name)
	ok := len(cands) > 0
	ats := make([]*types.Type, len(args))
	for i, a := range args {
		ats[i] = TypeOf(a)
	}
	if !ok {
		return nil, errUndefinedFunction(name, ats)
	}
	for pass := 0; pass < 3; pass++ {
		for _, c := range cands {
			want, ok := expand(c, len(args), ats)
			if !ok {
				continue
			}
			good := true
			for i, w := range want {
				a := ats[i].Base()
				switch {
				case w == nil || matches(w, a):
				case a.Kind == types.KindUnknown && pass >= 1:
				case pass == 2 && types.CastAllowed(a, w, types.CastImplicit):
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
			if !c.Volatile && allLiterals(coerced) && !zoneDependent(final, fc.typ) { // fold_zone.go
				v, err := fc.Eval(sql.NewEmptyContext(), nil)
				if err == nil {
					return NewLiteral(fc.typ, v), nil
				}
			}
			return fc, nil
		}
	}
	return nil, errUndefinedFunction(name, ats)
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

func allLiterals(es []sql.Expression) bool {
	for _, e := range es {
		if _, ok := e.(*Literal); !ok {
			return false
		}
	}
	return true
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
	vals := make([]any, len(f.Args))
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
		if v == nil && !f.impl.NonStrict {
			return nil, nil
		}
		vals[i] = v
	}
	if f.impl.Typed != nil {
		return f.impl.Typed(ctx, f.ats, vals)
	}
	return f.impl.Fn(ctx, EnvOf(ctx), vals)
}

// ArgTypes returns the resolved argument types.
func (f *FuncCall) ArgTypes() []*types.Type { return f.ats }

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
