package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// isAnyRecord reports whether a function parameter type is the record
// pseudo-type, which any composite value matches.
func isAnyRecord(w *types.Type) bool {
	return w != nil && w.Kind == types.KindRecord && w.OID == types.Record.OID
}

// newRecordCompare compares two composite values as record_eq and
// record_cmp do (PostgreSQL docs 9.24.6): field by field, two NULL fields
// equal and a NULL field larger than a non-NULL one.
func newRecordCompare(op string, l, r sql.Expression, lt, rt *types.Type) (sql.Expression, error) {
	var test func(int) bool
	switch op {
	case "=":
		test = func(c int) bool { return c == 0 }
	case "<>", "!=":
		test = func(c int) bool { return c != 0 }
	case "<":
		test = func(c int) bool { return c < 0 }
	case "<=":
		test = func(c int) bool { return c <= 0 }
	case ">":
		test = func(c int) bool { return c > 0 }
	case ">=":
		test = func(c int) bool { return c >= 0 }
	default:
		return nil, pgerror.New(pgerror.UndefinedFunction, "operator does not exist: %s %s %s", lt.FormatType(), op, rt.FormatType()).
			WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.")
	}
	fn := func(_ *types.Env, a, b any) (any, error) {
		x, ok1 := a.(*types.RecordVal)
		y, ok2 := b.(*types.RecordVal)
		if !ok1 || !ok2 {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "cannot compare record values")
		}
		if len(x.Vals) != len(y.Vals) {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "cannot compare record types with different numbers of columns")
		}
		for i := range x.Vals {
			if i < len(x.Types) && i < len(y.Types) && x.Types[i] != nil && y.Types[i] != nil &&
				!comparableFields(x.Types[i], y.Types[i]) {
				return nil, pgerror.New(pgerror.DatatypeMismatch, "cannot compare dissimilar column types %s and %s at record column %d",
					x.Types[i].FormatType(), y.Types[i].FormatType(), i+1)
			}
		}
		return test(types.CompareValues(x, y)), nil
	}
	return &BinOp{base: base{types.Bool}, Op: op, Left: l, Right: r, fn: fn, lt: lt, rt: rt}, nil
}

// comparableFields reports whether two record fields may be compared:
// the same type, or both numeric or both strings.
func comparableFields(a, b *types.Type) bool {
	a, b = a.Base(), b.Base()
	return a.OID == b.OID || a.IsNumeric() && b.IsNumeric() || a.IsString() && b.IsString() || a.Kind == types.KindUnknown || b.Kind == types.KindUnknown
}

// recordIsNull is IS [NOT] NULL on a composite value: IS NULL when every
// field is NULL, IS NOT NULL when none is (PostgreSQL docs 9.2).
func recordIsNull(r *types.RecordVal, negate bool) bool {
	for _, v := range r.Vals {
		if (v == nil) == negate {
			return false
		}
	}
	return true
}
