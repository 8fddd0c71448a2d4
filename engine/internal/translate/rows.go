package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
	"strconv"
)

// rowItems returns the fields of a row constructor, (a, b) or ROW(a, b).
func rowItems(n *pg.Node) ([]*pg.Node, bool) {
	if n == nil {
		return nil, false
	}
	if r := n.GetRowExpr(); r != nil {
		return r.Args, true
	}
	return nil, false
}

// rowExpr is a row constructor outside the comparisons tinybase expands:
// a record with fields f1, f2, ... (usable in DISTINCT and JSON functions).
func (t *Translator) rowExpr(r *pg.RowExpr) sqlparser.Expr {
	names := make([]string, len(r.Args))
	for i := range names {
		names[i] = "f" + itoa(int64(i+1))
	}
	return t.inject("row", r.Location, t.scalars(r.Args), func(c []sql.Expression) (sql.Expression, error) {
		return expr.NewRowCtor(names, c), nil
	})
}

// rowComparison expands a comparison of two row constructors
// (PostgreSQL docs 9.24.5) into scalar comparisons.
func (t *Translator) rowComparison(op string, loc int32, l, r []*pg.Node) sqlparser.Expr {
	if len(l) != len(r) {
		failAt(loc, pgerror.SyntaxError, "unequal number of entries in row expressions")
	}
	ch := append(t.scalars(l), t.scalars(r)...)
	n := len(l)
	return t.inject("rowcmp "+op, loc, ch, func(c []sql.Expression) (sql.Expression, error) {
		ls, rs := c[:n], c[n:]
		switch op {
		case "=", "<>":
			var acc sql.Expression
			for i := range ls {
				e, err := expr.NewBinOp(t.Env, op, ls[i], rs[i])
				if err != nil {
					return nil, err
				}
				if acc == nil {
					acc = e
				} else if acc, err = expr.NewLogic(t.Env, op == "=", acc, e); err != nil {
					return nil, err
				}
			}
			return acc, nil
		case "<", "<=", ">", ">=":
			return expr.NewRowCompare(t.Env, op, ls, rs)
		}
		return nil, pgerror.New(pgerror.FeatureNotSupported, "could not determine interpretation of row comparison operator %s", op)
	})
}

// rowDistinct expands (a, b) IS [NOT] DISTINCT FROM (c, d).
func (t *Translator) rowDistinct(not bool, loc int32, l, r []*pg.Node) sqlparser.Expr {
	if len(l) != len(r) {
		failAt(loc, pgerror.SyntaxError, "unequal number of entries in row expressions")
	}
	ch := append(t.scalars(l), t.scalars(r)...)
	n := len(l)
	return t.inject("rowdistinct "+strconv.FormatBool(not), loc, ch, func(c []sql.Expression) (sql.Expression, error) {
		var acc sql.Expression
		for i := 0; i < n; i++ {
			eq, err := expr.NewBinOp(t.Env, "=", c[i], c[n+i])
			if err != nil {
				return nil, err
			}
			d := expr.NewDistinct(eq, c[i], c[n+i], not)
			if acc == nil {
				acc = d
			} else if acc, err = expr.NewLogic(t.Env, not, acc, d); err != nil {
				return nil, err
			}
		}
		return acc, nil
	})
}

// rowNullTest expands ROW(...) IS [NOT] NULL: true when every field is
// (not) NULL.
func (t *Translator) rowNullTest(neg bool, loc int32, items []*pg.Node) sqlparser.Expr {
	return t.inject("rownull "+strconv.FormatBool(neg), loc, t.scalars(items), func(c []sql.Expression) (sql.Expression, error) {
		var acc sql.Expression
		for _, e := range c {
			var err error
			isn := sql.Expression(expr.NewIsNull(e, neg))
			if acc == nil {
				acc = isn
			} else if acc, err = expr.NewLogic(t.Env, true, acc, isn); err != nil {
				return nil, err
			}
		}
		return acc, nil
	})
}
