package engine

import (
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/expr"
	"github.com/tinybase/tinybase/engine/types"
)

// Analyzer rules tinybase adds to its per-engine GMS analyzer.
const ruleIndexableComparisons analyzer.RuleId = 10001

// newAnalyzer builds the per-engine analyzer with tinybase's rules.
func newAnalyzer(prov sql.DatabaseProvider) *analyzer.Analyzer {
	a := analyzer.NewBuilder(prov).
		AddPreAnalyzeRule(ruleIndexableComparisons, indexableComparisons).
		Build()
	unaliasInsertExprs(a)
	return a
}

// unaliasInsertExprs wraps GMS's assignExecIndexes rule so that an INSERT's
// ON DUPLICATE expressions no longer share their backing array with its
// RETURNING list: assignExecIndexes slices both from one array, and
// InsertInto.Expressions appends the CHECK constraints to the former,
// overwriting the first RETURNING expressions with the checks' results.
func unaliasInsertExprs(a *analyzer.Analyzer) {
	for _, b := range a.Batches {
		if b.Desc != "after-all" {
			continue
		}
		rules := append([]analyzer.Rule{}, b.Rules...) // the builder's slice is GMS's package-level default
		for i, r := range rules {
			if r.Id.String() != "assignExecIndexes" {
				continue
			}
			assign := r.Apply
			rules[i].Apply = func(ctx *sql.Context, an *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
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
		b.Rules = rules
	}
}

// indexableComparisons rewrites `column op constant` comparisons whose two
// sides have the same PostgreSQL type into GMS's comparison expressions,
// which GMS's index selection recognises (it matches concrete expression
// types). The GMS comparison then calls the column type's Compare, i.e.
// PostgreSQL ordering, so results do not change; only the access path does.
func indexableComparisons(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if _, ok := n.(*plan.Filter); !ok {
			return n, transform.SameTree, nil
		}
		return transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			b, ok := e.(*expr.BinOp)
			if !ok {
				return e, transform.SameTree, nil
			}
			l, r := b.Left, b.Right
			gf, isCol := l.(*expression.GetField)
			lit, isLit := r.(*expr.Literal)
			flipped := false
			if !isCol || !isLit {
				gf, isCol = r.(*expression.GetField)
				lit, isLit = l.(*expr.Literal)
				flipped = true
			}
			if !isCol || !isLit || lit.Value == nil {
				return e, transform.SameTree, nil
			}
			ct, ok := gf.Type().(*types.Type)
			if !ok || !ct.Equals(lit.Type()) || ct.Base().Kind == types.KindBpchar {
				return e, transform.SameTree, nil
			}
			op := b.Op
			if flipped {
				op = map[string]string{"=": "=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
			}
			var out sql.Expression
			switch op {
			case "=":
				out = expression.NewEquals(gf, lit)
			case "<":
				out = expression.NewLessThan(gf, lit)
			case "<=":
				out = expression.NewLessThanOrEqual(gf, lit)
			case ">":
				out = expression.NewGreaterThan(gf, lit)
			case ">=":
				out = expression.NewGreaterThanOrEqual(gf, lit)
			default:
				return e, transform.SameTree, nil
			}
			return out, transform.NewTree, nil
		})
	})
}
