package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

// constantFalseFilters follows GMS's simplifyFilters: a filter one of
// whose conjuncts is a constant false or NULL becomes an empty table, as
// PostgreSQL makes such a qual a one-time filter checked before its input
// runs: WHERE x / 0 > 1 AND NULL::int > 1 returns no rows and raises
// nothing, nor does a CTE or subquery under it run (GMS recognises only
// its own false literal, and evaluated the other conjuncts row by row).
func constantFalseFilters(simplify analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		n, same, err := simplify(ctx, a, n, scope, sel, qf)
		if err != nil || !n.Resolved() {
			return n, same, err
		}
		out, same2, err := transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
			f, ok := n.(*plan.Filter)
			if !ok || !hasFalseConjunct(f.Expression) {
				return n, transform.SameTree, nil
			}
			return plan.NewEmptyTableWithSchema(f.Schema()), transform.NewTree, nil
		})
		if err != nil {
			return nil, transform.SameTree, err
		}
		return out, same && same2, nil
	}
}

// hasFalseConjunct reports whether a top-level conjunct of e is a
// constant false or NULL.
func hasFalseConjunct(e sql.Expression) bool {
	switch x := e.(type) {
	case *expression.And:
		return hasFalseConjunct(x.LeftChild) || hasFalseConjunct(x.RightChild)
	case *expr.Logic:
		return x.And && (hasFalseConjunct(x.Left) || hasFalseConjunct(x.Right))
	case *expr.Literal:
		return x.Value == nil || x.Value == false
	case *expression.Literal:
		v := x.Value()
		return v == nil || v == false
	}
	return false
}
