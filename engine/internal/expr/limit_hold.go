package expr

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
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
}

// HoldLimit wraps v, a bigint expression, as LIMIT's (or, with offset,
// OFFSET's) bind variable.
func HoldLimit(v sql.Expression, offset bool) sql.Expression {
	return &expression.BindVar{Name: heldLimitName, Typ: &limitHolder{bigint: gmstypes.Int64, value: v, offset: offset}}
}

// noLimit stands for LIMIT NULL (no limit): large enough for any table,
// small enough that GMS's top-N adds an OFFSET to it without overflowing.
const noLimit = math.MaxInt64 / 2

// HeldLimit evaluates e when it is a held LIMIT or OFFSET: a bigint
// literal, with PostgreSQL's errors for a negative value; NULL is no
// limit (or no offset). ok is false for any other expression.
func HeldLimit(ctx *sql.Context, e sql.Expression, row sql.Row) (lit sql.Expression, ok bool, err error) {
	bv, isBV := e.(*expression.BindVar)
	if !isBV {
		return nil, false, nil
	}
	h, isHeld := bv.Typ.(*limitHolder)
	if !isHeld {
		return nil, false, nil
	}
	v, err := h.value.Eval(ctx, row)
	if err != nil {
		return nil, true, err
	}
	var n int64
	switch x := v.(type) {
	case nil:
		if !h.offset {
			n = noLimit
		}
	case int64:
		n = x
	case int32:
		n = int64(x)
	case int16:
		n = int64(x)
	default:
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
	bv, isBV := e.(*expression.BindVar)
	if !isBV {
		return e, false, nil
	}
	h, isHeld := bv.Typ.(*limitHolder)
	if !isHeld {
		return e, false, nil
	}
	v, err := f(h.value)
	if err != nil {
		return e, true, err
	}
	nh := *h
	nh.value = v
	return &expression.BindVar{Name: bv.Name, Typ: &nh}, true, nil
}
