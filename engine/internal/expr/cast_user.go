package expr

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CastFunctionRunner runs a user function by OID: the session, for the
// casts CREATE CAST ... WITH FUNCTION made.
type CastFunctionRunner interface {
	CallFunctionOID(ctx *sql.Context, oid uint32, args []any) (any, error)
}

// UserCast converts its child with a cast CREATE CAST made
// (types.UserCast): its function, the types' text forms (WITH INOUT) or
// the value as it is (WITHOUT FUNCTION). Elements set, the child is an
// array whose elements convert so (PostgreSQL's ArrayCoerceExpr over the
// element types' cast).
type UserCast struct {
	base
	Child    sql.Expression
	From     *types.Type
	Cast     types.UserCast
	Explicit bool
	Elements bool
}

func (c *UserCast) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if v != nil {
		if _, ok := c.Child.Type().(*types.Type); !ok {
			if v, err = FromGMSValue(c.From, v); err != nil {
				return nil, err
			}
		}
	}
	if !c.Elements {
		return c.convert(ctx, v, c.From, c.typ)
	}
	if v == nil {
		return nil, c.typ.CheckNull()
	}
	arr, ok := v.(*types.Array)
	if !ok {
		return nil, pgerror.New(pgerror.DatatypeMismatch, "cannot cast type %s to %s", c.From.FormatType(), c.typ.FormatType())
	}
	from, to := c.From.Base().Elem, c.typ.Base().Elem
	out := &types.Array{Elem: to, Dims: arr.Dims, Lower: arr.Lower, Values: make([]any, len(arr.Values))}
	for i, e := range arr.Values {
		if out.Values[i], err = c.convert(ctx, e, from, to); err != nil {
			return nil, err
		}
	}
	return types.ApplyMod(out, c.typ, c.Explicit)
}

// convert converts one value of type from to type to with the cast.
func (c *UserCast) convert(ctx *sql.Context, v any, from, to *types.Type) (any, error) {
	var err error
	if v == nil && (c.Cast.Method != 'f' || c.Cast.Strict) {
		return nil, to.CheckNull()
	}
	env := EnvOf(ctx)
	var out any
	switch c.Cast.Method {
	case 'f':
		r, ok := ctx.Session.(CastFunctionRunner)
		if !ok {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "user-defined casts need a session")
		}
		args := []any{v}
		if c.Cast.FuncArgs > 1 {
			args = append(args, to.Mod)
		}
		if c.Cast.FuncArgs > 2 {
			args = append(args, c.Explicit)
		}
		if out, err = r.CallFunctionOID(ctx, c.Cast.Func, args); err != nil {
			return nil, err
		}
		if out == nil {
			return nil, to.CheckNull()
		}
	case 'b':
		// the same representation in PostgreSQL; tinybase's values of
		// the two types may still differ in Go, which the built-in
		// conversion or the text forms reconcile
		if types.CastAllowed(from, to, types.CastExplicit) {
			return types.Cast(v, from, to, c.Explicit, env)
		}
		fallthrough
	default: // 'i'
		if out, err = types.Input(to, types.Output(from, v, env), env); err != nil {
			return nil, err
		}
	}
	return types.ApplyMod(out, to, c.Explicit)
}

func (c *UserCast) Children() []sql.Expression { return []sql.Expression{c.Child} }
func (c *UserCast) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	n := *c
	n.Child = ch[0]
	return &n, nil
}
func (c *UserCast) String() string { return fmt.Sprintf("(%s)::%s", c.Child, c.typ.FormatType()) }
