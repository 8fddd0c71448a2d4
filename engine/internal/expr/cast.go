package expr

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Cast converts its child to a type (CAST, ::, and the implicit and
// assignment casts the translator inserts).
type Cast struct {
	base
	Child    sql.Expression
	From     *types.Type
	Explicit bool
	// TextCat marks the conversion of text || anynonarray's other
	// operand: PostgreSQL's textanycat / anytextcat convert it inside the
	// operator, so its stored tree has no cast and the text has none.
	TextCat bool
}

// Coerce converts e to type `to` in cast context cc, folding unknown
// literals immediately (so '12x'::int fails at parse time, as in
// PostgreSQL) and failing when no such cast exists in that context.
func Coerce(env *types.Env, e sql.Expression, to *types.Type, cc types.CastContext) (sql.Expression, error) {
	from := TypeOf(e)
	if lit, ok := e.(*Literal); ok {
		if lit.Value == nil {
			if to.CheckNull() != nil {
				// a NOT NULL domain refuses the NULL when the cast runs
				// (CoerceToDomain is never folded)
				return &Cast{base: base{to}, Child: e, From: from, Explicit: cc == types.CastExplicit}, nil
			}
			return NewLiteral(to, nil), nil
		}
		if from.Kind == types.KindUnknown && to.Kind == types.KindRegtype && to.Domain == nil && cc == types.CastExplicit && (env == nil || env.Relations == nil) {
			// a stored expression translated without a session (a CHECK
			// constraint's) may name a user type: its regtype constant
			// is read where it runs, with the session's types
			if _, err := types.Input(to, lit.Value.(string), env); err != nil {
				return &Cast{base: base{to}, Child: e, From: from, Explicit: cc == types.CastExplicit}, nil
			}
		}
		if from.Kind == types.KindUnknown {
			v, err := types.Input(to, lit.Value.(string), env)
			if err == nil {
				v, err = types.ApplyMod(v, to, cc == types.CastExplicit)
			}
			if err != nil {
				if pe, ok := pgerror.As(err); ok && pe.Position == 0 && lit.Loc >= 0 {
					pe.Position = lit.Loc + 1
				}
				return nil, err
			}
			return NewLiteral(to, v), nil
		}
	}
	if from.OID == to.OID && (to.Mod < 0 || from.Mod == to.Mod) {
		if cc == types.CastExplicit && to.Mod < 0 && from.Mod >= 0 && from.Kind != types.KindArray {
			// x::varchar of a varchar(3): the value is unchanged but, as
			// PostgreSQL's RelabelType, typed without the typmod
			return &Cast{base: base{to}, Child: e, From: from, Explicit: true}, nil
		}
		if cc == types.CastExplicit && from.Kind == types.KindArray {
			// the catalogs' int2vector / oidvector values are typed as
			// arrays: x::oid[] makes a plain array of one (types.Array.Vector)
			return &Cast{base: base{to}, Child: e, From: from, Explicit: true}, nil
		}
		return e, nil
	}
	if uc, ok := types.LookupUserCast(env, from, to); ok {
		if uc.Context > cc {
			return nil, cannotCoerce(from, to, cc)
		}
		return &UserCast{base: base{to}, Child: e, From: from, Cast: uc, Explicit: cc == types.CastExplicit}, nil
	}
	if uc, ok := types.LookupUserArrayCast(env, from, to); ok {
		if uc.Context > cc {
			return nil, cannotCoerce(from, to, cc)
		}
		return &UserCast{base: base{to}, Child: e, From: from, Cast: uc, Explicit: cc == types.CastExplicit, Elements: true}, nil
	}
	if !types.CastAllowed(from, to, cc) {
		return nil, cannotCoerce(from, to, cc)
	}
	c := &Cast{base: base{to}, Child: e, From: from, Explicit: cc == types.CastExplicit}
	if from.Kind == types.KindRegclass && (env == nil || env.Relations == nil) {
		// a stored expression translated without a session (a CHECK
		// constraint's) resolves its regclass constant where it runs
		return c, nil
	}
	if lit, ok := e.(*Literal); ok {
		// fold with the session's environment (time zone for timestamptz)
		v, err := types.Cast(lit.Value, from, to, c.Explicit, foldEnv(env))
		if err != nil {
			if pe, ok := pgerror.As(err); ok && pe.Position == 0 {
				// PostgreSQL folds a typed constant's cast while planning,
				// where errors carry no position (-1: none to be added)
				pe.Position = -1
			}
			return nil, err
		}
		return NewLiteral(to, v), nil
	}
	return c, nil
}

func (c *Cast) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, c.typ.CheckNull() // a NOT NULL domain refuses NULL
	}
	if _, ok := c.Child.Type().(*types.Type); !ok {
		if v, err = FromGMSValue(c.From, v); err != nil {
			return nil, err
		}
	}
	return types.Cast(v, c.From, c.typ, c.Explicit, EnvOf(ctx))
}

func (c *Cast) Children() []sql.Expression { return []sql.Expression{c.Child} }
func (c *Cast) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	n := *c
	n.Child = ch[0]
	return &n, nil
}
func (c *Cast) String() string {
	if c.TextCat {
		return c.Child.String()
	}
	return fmt.Sprintf("(%s)::%s", c.Child, c.typ.FormatType())
}

// foldEnv is the environment constant folding evaluates in: the session's
// when the translator has one.
func foldEnv(env *types.Env) *types.Env {
	if env != nil {
		return env
	}
	return EnvOf(nil)
}

// cannotCoerce is the error for a conversion context cc does not allow.
func cannotCoerce(from, to *types.Type, cc types.CastContext) error {
	if cc == types.CastExplicit {
		return types.CannotCast(from, to)
	}
	return pgerror.New(pgerror.DatatypeMismatch, "cannot coerce type %s to %s", from.FormatType(), to.FormatType())
}
