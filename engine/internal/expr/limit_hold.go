package expr

import (
	"math"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gmstypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// A LIMIT or OFFSET whose value is known only when the statement runs — a
// routine's parameter (`limit v_limit` in a SQL function), a PL/pgSQL
// variable, any expression without columns — cannot reach go-mysql-server
// as it is: its planner takes a literal or a bind variable there and
// nothing else. Such a value travels as a bind variable whose type holds
// the expression (HoldLimit); the exec builder reads it when the node
// starts (HeldLimit), as PostgreSQL evaluates LIMIT once per execution.
//
// A value reading an enclosing query's columns (`limit g.n` in a lateral
// or correlated subquery) needs those columns' places in the row the node
// is built with, which GMS's assignExecIndexes computes only for the
// expressions it sees: before that rule such a value comes out of hiding
// as a HeldOuter (ExposeHeldLimit), and stays so.

// heldLimitName names the bind variables HoldLimit makes (no SQL text can
// name one: it starts with a NUL).
const heldLimitName = "\x00tinybase-limit"

// bigint embeds GMS's type under a name other than its method Type.
type bigint interface{ sql.Type }

// limitHolder is the held bind variable's type: bigint to the planner,
// carrying the expression.
type limitHolder struct {
	bigint
	value  sql.Expression
	offset bool
	// pos is the expression's position (1-based, 0 unknown) and refs its
	// column references, for the position of an error naming a column
	pos  int
	refs []LimitRef
}

// LimitRef is a column reference written in a LIMIT or OFFSET expression:
// its qualifier (empty when unqualified), name and position (1-based).
type LimitRef struct {
	Table, Name string
	Pos         int
}

// HoldLimit wraps v, a bigint expression, as LIMIT's (or, with offset,
// OFFSET's) bind variable; pos and refs place the expression and its
// column references in the statement's text.
func HoldLimit(v sql.Expression, offset bool, pos int, refs []LimitRef) sql.Expression {
	return &expression.BindVar{Name: heldLimitName, Typ: &limitHolder{bigint: gmstypes.Int64, value: v, offset: offset, pos: pos, refs: refs}}
}

// heldOf returns the holder of a held LIMIT or OFFSET in either form.
func heldOf(e sql.Expression) (*limitHolder, bool) {
	switch x := e.(type) {
	case *expression.BindVar:
		h, ok := x.Typ.(*limitHolder)
		return h, ok
	case *HeldOuter:
		return x.h, true
	}
	return nil, false
}

// withValue returns e, a held LIMIT or OFFSET in h, in the same form with
// value v.
func withValue(e sql.Expression, h *limitHolder, v sql.Expression) sql.Expression {
	nh := *h
	nh.value = v
	if bv, ok := e.(*expression.BindVar); ok {
		return &expression.BindVar{Name: bv.Name, Typ: &nh}
	}
	return &HeldOuter{h: &nh}
}

// noLimit stands for LIMIT NULL (no limit): large enough for any table,
// small enough that GMS's top-N adds an OFFSET to it without overflowing.
const noLimit = math.MaxInt64 / 2

// HeldLimit evaluates e when it is a held LIMIT or OFFSET: a bigint
// literal, with PostgreSQL's errors for a negative value; NULL is no
// limit (or no offset). ok is false for any other expression.
func HeldLimit(ctx *sql.Context, e sql.Expression, row sql.Row) (lit sql.Expression, ok bool, err error) {
	h, isHeld := heldOf(e)
	if !isHeld {
		return nil, false, nil
	}
	v, err := h.value.Eval(ctx, row)
	if err != nil {
		return nil, true, err
	}
	n, ok := limitInt(v)
	switch {
	case v == nil:
		if !h.offset {
			n = noLimit
		}
	case !ok:
		return nil, true, pgerror.New(pgerror.InternalError, "internal error: LIMIT value of type %T", v)
	}
	if n < 0 {
		if h.offset {
			return nil, true, pgerror.New("2201X", "OFFSET must not be negative")
		}
		return nil, true, pgerror.New("2201W", "LIMIT must not be negative")
	}
	return expression.NewLiteral(n, gmstypes.Int64), true, nil
}

// MapHeldLimit returns e with f applied to the value a held LIMIT or
// OFFSET carries (the analyzer prepares the subqueries in it); ok is
// false when e holds none.
func MapHeldLimit(e sql.Expression, f func(sql.Expression) (sql.Expression, error)) (out sql.Expression, ok bool, err error) {
	h, isHeld := heldOf(e)
	if !isHeld {
		return e, false, nil
	}
	v, err := f(h.value)
	if err != nil {
		return e, true, err
	}
	return withValue(e, h, v), true, nil
}

// ExposeHeldLimit returns e as a HeldOuter when it is a held LIMIT or
// OFFSET reading a column of its own or an enclosing query (outside the
// subqueries in it, which the analyzer prepares on their own); ok is
// false otherwise.
func ExposeHeldLimit(e sql.Expression) (out sql.Expression, ok bool) {
	bv, isBV := e.(*expression.BindVar)
	if !isBV {
		return e, false
	}
	h, isHeld := bv.Typ.(*limitHolder)
	if !isHeld || !readsColumn(h.value) {
		return e, false
	}
	return &HeldOuter{h: h}, true
}

// readsColumn reports whether e reads a column outside its subqueries.
func readsColumn(e sql.Expression) bool {
	found := false
	var walk func(sql.Expression)
	walk = func(e sql.Expression) {
		if _, ok := e.(*expression.GetField); ok {
			found = true
			return
		}
		if _, sub := e.(subqueryExpr); sub {
			return // prepared apart (gmsadapter's heldLimitSubqueries)
		}
		for _, c := range e.Children() {
			if !found {
				walk(c)
			}
		}
	}
	walk(e)
	return found
}

// subqueryExpr is plan.Subquery (which this package does not import).
type subqueryExpr interface{ Correlated() sql.ColSet }

// HeldOuter is a held LIMIT or OFFSET reading an enclosing query's
// columns, as the analyzer sees it from its assignExecIndexes rule on:
// its value is its child, so that rule places the columns it reads in the
// row the LIMIT or OFFSET node is built with (the enclosing query's, then
// the lateral join's left side). It is never evaluated as it stands: the
// exec builder replaces it with this execution's value (HeldLimit).
type HeldOuter struct{ h *limitHolder }

var _ sql.Expression = (*HeldOuter)(nil)

// Resolved implements sql.Expression.
func (e *HeldOuter) Resolved() bool { return e.h.value.Resolved() }

// IsNullable implements sql.Expression.
func (e *HeldOuter) IsNullable() bool { return true }

// Type implements sql.Expression: bigint, as the planner sees the bind
// variable it was.
func (e *HeldOuter) Type() sql.Type { return gmstypes.Int64 }

// Children implements sql.Expression.
func (e *HeldOuter) Children() []sql.Expression { return []sql.Expression{e.h.value} }

// WithChildren implements sql.Expression.
func (e *HeldOuter) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return withValue(e, e.h, children[0]), nil
}

// Eval implements sql.Expression. Outside the exec builder the row it
// reads is unknown: callers evaluating a LIMIT without a row (cost
// estimates) take the error as "not a constant".
func (e *HeldOuter) Eval(*sql.Context, sql.Row) (any, error) {
	return nil, pgerror.New(pgerror.InternalError, "internal error: LIMIT reading outer columns evaluated outside its execution")
}

// String implements sql.Expression.
func (e *HeldOuter) String() string { return e.h.value.String() }

// CheckColumns returns PostgreSQL's 42P10 when the value reads a column
// own reports as one of the query's own FROM items (checkExprIsVarFree),
// at that column's position when its reference is known.
func (e *HeldOuter) CheckColumns(own func(*expression.GetField) bool) error {
	var bad *expression.GetField
	transform.InspectExpr(e.h.value, func(x sql.Expression) bool {
		if gf, ok := x.(*expression.GetField); ok && bad == nil && own(gf) {
			bad = gf
		}
		return bad != nil
	})
	if bad == nil {
		return nil
	}
	what := "LIMIT"
	if e.h.offset {
		what = "OFFSET"
	}
	err := pgerror.New(pgerror.InvalidColumnReference, "argument of %s must not contain variables", what)
	err.Position = e.h.pos
	for _, r := range e.h.refs {
		if strings.EqualFold(r.Name, bad.Name()) && (r.Table == "" || strings.EqualFold(r.Table, bad.Table())) {
			err.Position = r.Pos
			break
		}
	}
	return err
}

// limitInt reads a LIMIT, OFFSET or FETCH FIRST count, which translation
// has cast to an integer type; ok is false for NULL and other types.
func limitInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int32:
		return int64(x), true
	case int16:
		return int64(x), true
	}
	return 0, false
}
