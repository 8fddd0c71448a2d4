package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

// ruleHeldLimitSubqueries prepares the subqueries of held LIMIT and OFFSET
// values (`limit (select n from cfg)`, expr.HoldLimit): the value is out
// of GMS's sight, so its subqueries are analyzed here, each on its own,
// as PostgreSQL plans them as initplans run once per execution. They
// cannot read the query's own columns (translation refuses those).
const ruleHeldLimitSubqueries analyzer.RuleId = 10032

func heldLimitSubqueries(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	prepare := func(v sql.Expression) (sql.Expression, error) {
		out, _, err := transform.Expr(v, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			sq, ok := e.(*plan.Subquery)
			if !ok {
				return e, transform.SameTree, nil
			}
			q, err := a.Analyze(ctx, sq.Query, scope, qFlags)
			if err != nil {
				return nil, transform.SameTree, err
			}
			return sq.WithQuery(q).WithExecBuilder(a.ExecBuilder), transform.NewTree, nil
		})
		return out, err
	}
	held := func(e sql.Expression) (sql.Expression, bool, error) {
		if e == nil {
			return nil, false, nil
		}
		changed := false
		out, _, err := transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			v, ok, err := expr.MapHeldLimit(x, prepare)
			if err != nil || !ok {
				return x, transform.SameTree, err
			}
			changed = true
			return v, transform.NewTree, nil
		})
		return out, changed, err
	}
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		// a copy of the node and its LIMIT or OFFSET slot, set if held
		var cp sql.Node
		var slot *sql.Expression
		switch x := n.(type) {
		case *plan.Limit:
			c := *x
			cp, slot = &c, &c.Limit
		case *plan.Offset:
			c := *x
			cp, slot = &c, &c.Offset
		case *plan.TopN:
			c := *x
			cp, slot = &c, &c.Limit
		default:
			return n, transform.SameTree, nil
		}
		e, ok, err := held(*slot)
		if err != nil || !ok {
			return n, transform.SameTree, err
		}
		*slot = e
		return cp, transform.NewTree, nil
	})
}
