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
// the value as it is (WITHOUT FUNCTION).
type UserCast struct {
	base
	Child    sql.Expression
	From     *types.Type
	Cast     types.UserCast
	Explicit bool
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
	if v == nil && (c.Cast.Method != 'f' || c.Cast.Strict) {
		return nil, c.typ.CheckNull()
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
			args = append(args, c.typ.Mod)
		}
		if c.Cast.FuncArgs > 2 {
			args = append(args, c.Explicit)
		}
		if out, err = r.CallFunctionOID(ctx, c.Cast.Func, args); err != nil {
			return nil, err
		}
		if out == nil {
			return nil, c.typ.CheckNull()
		}
	case 'b':
		// the same representation in PostgreSQL; tinybase's values of
		// the two types may still differ in Go, which the built-in
		// conversion or the text forms reconcile
		if types.CastAllowed(c.From, c.typ, types.CastExplicit) {
			return types.Cast(v, c.From, c.typ, c.Explicit, env)
		}
		fallthrough
	default: // 'i'
		if out, err = types.Input(c.typ, types.Output(c.From, v, env), env); err != nil {
			return nil, err
		}
	}
	return types.ApplyMod(out, c.typ, c.Explicit)
}

func (c *UserCast) Children() []sql.Expression { return []sql.Expression{c.Child} }
func (c *UserCast) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	n := *c
	n.Child = ch[0]
	return &n, nil
}
func (c *UserCast) String() string { return fmt.Sprintf("(%s)::%s", c.Child, c.typ.FormatType()) }
