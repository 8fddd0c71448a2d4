package expr

import (
	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// UnaryOp is a resolved prefix operator (-x, @x, ~x, |/x, ||/x).
type UnaryOp struct {
	base
	Op    string
	Child sql.Expression
	fn    func(env *types.Env, v any) (any, error)
	from  *types.Type
}

type unaryImpl struct {
	arg *types.Type
	res *types.Type
	fn  func(env *types.Env, v any) (any, error)
}

// prefixOps maps a prefix operator to its implementations, in the order
// implicit-cast resolution tries them. Immutable after init.
var prefixOps = map[string][]unaryImpl{}

func addPrefix(op string, arg, res *types.Type, fn func(env *types.Env, v any) (any, error)) {
	prefixOps[op] = append(prefixOps[op], unaryImpl{arg, res, fn})
}

func init() {
	for _, t := range []*types.Type{types.Int2, types.Int4, types.Int8} {
		t := t
		addPrefix("-", t, t, func(_ *types.Env, v any) (any, error) {
			n := toInt(v)
			if n == math.MinInt64 {
				return nil, types.RangeError(t)
			}
			return types.IntToKindRange(-n, t)
		})
		addPrefix("@", t, t, func(_ *types.Env, v any) (any, error) {
			n := toInt(v)
			if n < 0 {
				if n == math.MinInt64 {
					return nil, types.RangeError(t)
				}
				n = -n
			}
			return types.IntToKindRange(n, t)
		})
		addPrefix("~", t, t, func(_ *types.Env, v any) (any, error) { return types.IntToKindRange(^toInt(v), t) })
	}
	addPrefix("-", types.Numeric, types.Numeric, func(_ *types.Env, v any) (any, error) {
		if n, ok := v.(types.NumericSpecial); ok {
			return n.Neg(), nil
		}
		return v.(decimal.Decimal).Neg(), nil
	})
	addPrefix("@", types.Numeric, types.Numeric, func(_ *types.Env, v any) (any, error) { return numericAbs(v), nil })
	for _, t := range []*types.Type{types.Float4, types.Float8} {
		t := t
		addPrefix("-", t, t, func(_ *types.Env, v any) (any, error) {
			if f, ok := v.(float32); ok {
				return -f, nil
			}
			return -v.(float64), nil
		})
		addPrefix("@", t, t, func(_ *types.Env, v any) (any, error) {
			if f, ok := v.(float32); ok {
				return float32(math.Abs(float64(f))), nil
			}
			return math.Abs(v.(float64)), nil
		})
	}
	addPrefix("|/", types.Float8, types.Float8, func(_ *types.Env, v any) (any, error) {
		f := v.(float64)
		if f < 0 {
			return nil, pgerror.New(pgerror.InvalidArgumentForPower, "cannot take square root of a negative number")
		}
		return math.Sqrt(f), nil
	})
	addPrefix("||/", types.Float8, types.Float8, func(_ *types.Env, v any) (any, error) { return Cbrt(v.(float64)), nil })
	addPrefix("-", types.Interval, types.Interval, func(_ *types.Env, v any) (any, error) {
		iv := v.(types.IntervalVal)
		if iv.Months == math.MinInt32 || iv.Days == math.MinInt32 || iv.Micros == math.MinInt64 {
			return nil, errIntervalRange()
		}
		return negInterval(iv), nil
	})
}

// NewUnaryOp resolves prefix operator op on e: an exact match, else the
// first implementation e implicitly casts to (candidates are listed
// narrowest first, so int2 widens to int2's nearest operator).
func NewUnaryOp(env *types.Env, op string, e sql.Expression) (sql.Expression, error) {
	t := TypeOf(e).Base()
	cands := prefixOps[op]
	var impl *unaryImpl
	for i := range cands {
		if cands[i].arg.OID == t.OID {
			impl = &cands[i]
			break
		}
	}
	if impl == nil && t.Kind != types.KindUnknown {
		for i := range cands {
			if types.CastAllowed(t, cands[i].arg, types.CastImplicit) {
				impl = &cands[i]
				break
			}
		}
	}
	if impl == nil && t.Kind == types.KindUnknown {
		// an unknown operand takes the preferred type when every candidate
		// is in one category (docs 10.2 step 3.d)
		sameCat := true
		var pref *unaryImpl
		for i := range cands {
			if cands[i].arg.Category != cands[0].arg.Category {
				sameCat = false
			}
			if cands[i].arg.Preferred {
				pref = &cands[i]
			}
		}
		if sameCat && pref != nil || len(cands) == 1 {
			if pref == nil {
				pref = &cands[0]
			}
			impl = pref
		}
	}
	if impl == nil && t.Kind == types.KindUnknown && len(cands) > 1 {
		return nil, pgerror.New(pgerror.AmbiguousFunction, "operator is not unique: %s unknown", op).
			WithHint("Could not choose a best candidate operator. You might need to add explicit type casts.")
	}
	if impl == nil {
		return nil, pgerror.New(pgerror.UndefinedFunction, "operator does not exist: %s %s", op, TypeOf(e).FormatType()).
			WithHint("No operator matches the given name and argument type. You might need to add an explicit type cast.")
	}
	c, err := Coerce(env, e, impl.arg, types.CastImplicit)
	if err != nil {
		return nil, err
	}
	u := &UnaryOp{base: base{impl.res}, Op: op, Child: c, fn: impl.fn, from: impl.arg}
	if lit, ok := c.(*Literal); ok {
		if lit.Value == nil {
			return NewLiteral(impl.res, nil), nil
		}
		// as for BinOp, a failing fold is left to run time
		if v, err := impl.fn(foldEnv(env), lit.Value); err == nil {
			return NewLiteral(impl.res, v), nil
		}
	}
	return u, nil
}

func (u *UnaryOp) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := u.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if _, ok := u.Child.Type().(*types.Type); !ok {
		if v, err = FromGMSValue(u.from, v); err != nil {
			return nil, err
		}
	}
	return u.fn(EnvOf(ctx), v)
}

func (u *UnaryOp) Children() []sql.Expression { return []sql.Expression{u.Child} }
func (u *UnaryOp) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *u
	n.Child = c[0]
	return &n, nil
}
func (u *UnaryOp) String() string { return fmt.Sprintf("(%s %s)", u.Op, u.Child) }
