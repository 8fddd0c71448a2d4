package gmsadapter

import (
	"fmt"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// unaliasInsertExprs wraps GMS's assignExecIndexes rule around two of its
// bugs with CHECK constraints:
//   - an INSERT's ON DUPLICATE expressions share their backing array with
//     its RETURNING list, and InsertInto.Expressions appends the checks to
//     the former, overwriting the first RETURNING expressions;
//   - an UPDATE that is not indexed on its fast path (subqueries, joins)
//     and has both checks and RETURNING fails with "invalid children
//     number", since only the RETURNING list is handed back to it. Such
//     an update is indexed twice, once without each, and recombined.
func unaliasInsertExprs(a *analyzer.Analyzer) {
	for _, b := range a.Batches {
		if b.Desc != "after-all" {
			continue
		}
		rules := append([]analyzer.Rule{}, b.Rules...) // the builder's slice is GMS's package-level default
		for i, r := range rules {
			if r.Id.String() == "assignExecIndexes" {
				rules[i].Apply = assignExecIndexesFixed(r.Apply)
			}
		}
		b.Rules = rules
	}
}

func assignExecIndexesFixed(assign analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, an *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if SimpleRead(n, sc, qf) { // simple_read.go: no UPDATE, no INSERT
			return assign(ctx, an, n, sc, sel, qf)
		}
		if u := soleUpdate(n); u != nil && len(u.Checks()) > 0 && len(u.Returning) > 0 {
			withChecks, _, err := assign(ctx, an, replaceUpdate(n, func(u *plan.Update) *plan.Update {
				nu := *u
				nu.Returning = nil
				return &nu
			}), sc, sel, qf)
			if err != nil {
				return n, transform.SameTree, err
			}
			out, _, err := assign(ctx, an, replaceUpdate(n, func(u *plan.Update) *plan.Update {
				return u.WithChecks(nil).(*plan.Update)
			}), sc, sel, qf)
			if err != nil {
				return n, transform.SameTree, err
			}
			checks := soleUpdate(withChecks)
			if checks == nil {
				return n, transform.SameTree, fmt.Errorf("engine: UPDATE lost while indexing its checks")
			}
			return replaceUpdate(out, func(u *plan.Update) *plan.Update {
				return u.WithChecks(checks.Checks()).(*plan.Update)
			}), transform.NewTree, nil
		}
		n, same, err := assign(ctx, an, n, sc, sel, qf)
		if err != nil {
			return n, same, err
		}
		n, same2, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
			ii, ok := n.(*plan.InsertInto)
			if !ok || cap(ii.OnDupExprs) == len(ii.OnDupExprs) {
				return n, transform.SameTree, nil
			}
			nn := *ii
			nn.OnDupExprs = slices.Clip(ii.OnDupExprs)
			return &nn, transform.NewTree, nil
		})
		return n, same && same2, err
	}
}

// soleUpdate returns the plan's UPDATE node when it has exactly one.
func soleUpdate(n sql.Node) *plan.Update {
	var found *plan.Update
	count := 0
	transform.Inspect(n, func(n sql.Node) bool {
		if u, ok := n.(*plan.Update); ok {
			found = u
			count++
		}
		return true
	})
	if count != 1 {
		return nil
	}
	return found
}

func replaceUpdate(n sql.Node, f func(*plan.Update) *plan.Update) sql.Node {
	out, _, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if u, ok := n.(*plan.Update); ok {
			return f(u), transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
	if err != nil {
		return n
	}
	return out
}
