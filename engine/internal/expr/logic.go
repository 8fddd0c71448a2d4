package expr

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Logic is AND / OR with SQL's three-valued logic.
type Logic struct {
	base
	And         bool
	Left, Right sql.Expression
}

// NewLogic builds AND (and=true) or OR; operands must be boolean.
func NewLogic(env *types.Env, and bool, l, r sql.Expression) (sql.Expression, error) {
	var err error
	if l, err = requireBool(env, l, map[bool]string{true: "AND", false: "OR"}[and]); err != nil {
		return nil, err
	}
	if r, err = requireBool(env, r, map[bool]string{true: "AND", false: "OR"}[and]); err != nil {
		return nil, err
	}
	// a constant operand decides or drops out, the other operand never
	// evaluated (eval_const_expressions): x AND false is false, x OR
	// true is true, x AND true is x
	for _, p := range [2][2]sql.Expression{{l, r}, {r, l}} {
		if c, ok := p[0].(*Literal); ok && c.Value != nil {
			if c.Value == !and {
				return NewLiteral(types.Bool, !and), nil
			}
			return p[1], nil
		}
	}
	return &Logic{base{types.Bool}, and, l, r}, nil
}

func requireBool(env *types.Env, e sql.Expression, ctxName string) (sql.Expression, error) {
	t := TypeOf(e)
	if t.Kind == types.KindBool || t.Kind == types.KindUnknown {
		return Coerce(env, e, types.Bool, types.CastImplicit)
	}
	return nil, errArgType(ctxName, "boolean", t)
}

func (l *Logic) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	a, err := l.Left.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if l.And && a == false {
		return false, nil
	}
	if !l.And && a == true {
		return true, nil
	}
	b, err := l.Right.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if l.And {
		if b == false {
			return false, nil
		}
		if a == nil || b == nil {
			return nil, nil
		}
		return true, nil
	}
	if b == true {
		return true, nil
	}
	if a == nil || b == nil {
		return nil, nil
	}
	return false, nil
}
func (l *Logic) Children() []sql.Expression { return []sql.Expression{l.Left, l.Right} }
func (l *Logic) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *l
	n.Left, n.Right = c[0], c[1]
	return &n, nil
}
func (l *Logic) String() string {
	op := "OR"
	if l.And {
		op = "AND"
	}
	return fmt.Sprintf("(%s %s %s)", l.Left, op, l.Right)
}

// Not is boolean negation.
type Not struct {
	base
	Child sql.Expression
}

// NewNot builds NOT e.
func NewNot(env *types.Env, e sql.Expression) (sql.Expression, error) {
	e, err := requireBool(env, e, "NOT")
	if err != nil {
		return nil, err
	}
	return &Not{base{types.Bool}, e}, nil
}
func (n *Not) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	return !v.(bool), nil
}
func (n *Not) Children() []sql.Expression { return []sql.Expression{n.Child} }
func (n *Not) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &Not{n.base, c[0]}, nil
}
func (n *Not) String() string { return fmt.Sprintf("(NOT %s)", n.Child) }

// IsNull is IS [NOT] NULL (also IS [NOT] TRUE/FALSE/UNKNOWN via Test).
type IsNull struct {
	base
	Child  sql.Expression
	Negate bool
	// Test, when set, is IS TRUE (true) / IS FALSE (false) instead of IS NULL.
	Test *bool
}

// NewIsNull builds e IS [NOT] NULL.
func NewIsNull(e sql.Expression, negate bool) *IsNull {
	return &IsNull{base: base{types.Bool}, Child: e, Negate: negate}
}

func (n *IsNull) IsNullable() bool { return false }

// Type is boolean even for an IsNull built as a struct literal.
func (n *IsNull) Type() sql.Type { return types.Bool }
func (n *IsNull) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.Child.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	var r bool
	if n.Test != nil {
		if s, ok := v.(string); ok { // an unknown literal
			if v, err = types.Input(types.Bool, s, nil); err != nil {
				return nil, err
			}
		}
		b, _ := v.(bool)
		r = v != nil && b == *n.Test
	} else {
		if rec, ok := v.(*types.RecordVal); ok {
			return recordIsNull(rec, n.Negate), nil
		}
		r = v == nil
		if a, ok := v.([]any); ok { // row value: all fields null
			r = true
			for _, f := range a {
				if f != nil {
					r = false
				}
			}
		}
	}
	return r != n.Negate, nil
}
func (n *IsNull) Children() []sql.Expression { return []sql.Expression{n.Child} }
func (n *IsNull) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	m := *n
	m.Child = c[0]
	return &m, nil
}
func (n *IsNull) String() string {
	what := "NULL"
	if n.Test != nil {
		what = map[bool]string{true: "TRUE", false: "FALSE"}[*n.Test]
	}
	if n.Negate {
		return fmt.Sprintf("(%s IS NOT %s)", n.Child, what)
	}
	return fmt.Sprintf("(%s IS %s)", n.Child, what)
}
