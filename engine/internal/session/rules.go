package session

import (
	"fmt"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Analyzer rules tinybase adds to its per-engine GMS analyzer.
const ruleIndexableComparisons analyzer.RuleId = 10001

// rulePreAnalyze is tinybase's pre-analyze rules run as one rule
// (ruleSequence).
const rulePreAnalyze analyzer.RuleId = 10000

// ruleSequence runs rules as one analyzer rule, as GMS's batch runs its
// rules (each that the selector allows, in order; on an error, the last
// good plan). GMS names every rule it runs for its debug log, and a rule
// id outside GMS's own (all of tinybase's) costs a formatted string each
// time; the pre-analyze batch runs its rules at least twice a statement.
func ruleSequence(rules []analyzer.Rule) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		same := transform.SameTree
		for _, r := range rules {
			if sel != nil && !sel(r.Id) {
				continue
			}
			next, s, err := r.Apply(ctx, a, n, sc, sel, qf)
			if err != nil {
				return n, same, err
			}
			same = same && s
			n = next
		}
		return n, same, nil
	}
}

// newAnalyzer builds the per-engine analyzer with tinybase's rules.
func newAnalyzer(prov sql.DatabaseProvider) *analyzer.Analyzer {
	return buildAnalyzer(prov, true)
}

// buildAnalyzer builds an analyzer; gated gives simple reads their short
// path (analyzer_rules.go), which tests compare against the full one.
func buildAnalyzer(prov sql.DatabaseProvider, gated bool) *analyzer.Analyzer {
	pre := []analyzer.Rule{
		{Id: ruleIndexableComparisons, Apply: indexableComparisons},
		{Id: ruleParamLookups, Apply: paramLookups}, // plan_param.go
		{Id: ruleLateralLeftDeep, Apply: lateralLeftDeep},
		{Id: ruleSetOpTypes, Apply: setOpTypes}, // rules_setop.go
	}
	if gated {
		gateRules(pre) // analyzer_rules.go
	}
	a := analyzer.NewBuilder(prov).
		AddPreAnalyzeRule(rulePreAnalyze, ruleSequence(pre)).
		// trackProcess wraps every table so that scans report progress to
		// the context's process list; sessions' contexts have none (GMS's
		// empty list), so the wrappers only cost time, at analysis and in
		// every row read.
		RemoveAfterAllRule(analyzer.TrackProcessId).
		Build()
	a.ExecBuilder = newExecBuilder() // exec_project.go
	unaliasInsertExprs(a)
	wrapRule(a, "simplifyFilters", keepParams) // plan_param.go
	installLateralRules(a)
	installOuterJoinRules(a) // rules_outer_join.go
	installTriggerBuilder(a)
	if gated {
		gateSimpleReads(a) // analyzer_rules.go
	}
	a.Catalog.AuthHandler = gmsNoAuth{} // analyzer_rules_auth.go
	return a
}

// wrapRule replaces the named GMS rule, in every batch that has it, with
// wrap(rule).
func wrapRule(a *analyzer.Analyzer, name string, wrap func(analyzer.RuleFunc) analyzer.RuleFunc) {
	for _, b := range a.Batches {
		var rules []analyzer.Rule
		for i, r := range b.Rules {
			if r.Id.String() != name {
				continue
			}
			if rules == nil {
				rules = append([]analyzer.Rule{}, b.Rules...) // the builder's slice is GMS's package-level default
			}
			rules[i].Apply = wrap(r.Apply)
		}
		if rules != nil {
			b.Rules = rules
		}
	}
}

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
		if simpleRead(n, sc, qf) { // analyzer_rules.go: no UPDATE, no INSERT
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

// indexableComparisons rewrites `column op constant` comparisons, and
// `column = column` equalities, whose two sides have the same PostgreSQL
// type into GMS's comparison expressions, which GMS's index selection and
// join planning recognise (they match concrete expression types). The GMS comparison then calls the column type's Compare, i.e.
// PostgreSQL ordering, so results do not change; only the access path does.
func indexableComparisons(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n.(type) {
		case *plan.Filter, *plan.JoinNode:
			// only conditions: elsewhere (projections, aggregate arguments)
			// a GMS comparison's MySQL boolean type would leak into results
		default:
			return n, transform.SameTree, nil
		}
		return transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if lg, ok := e.(*expr.Logic); ok && lg.And {
				// GMS splits only its own AND into conjuncts to push down
				// and to join on; its three-valued AND is PostgreSQL's
				return expression.NewAnd(lg.Left, lg.Right), transform.NewTree, nil
			}
			b, ok := e.(*expr.BinOp)
			if !ok {
				return e, transform.SameTree, nil
			}
			l, r := b.Left, b.Right
			// column = column of one type: GMS plans hash and lookup joins
			// only for its own equality
			if lc, ok := l.(*expression.GetField); ok && b.Op == "=" {
				if rc, ok := r.(*expression.GetField); ok {
					lt, lok := lc.Type().(*types.Type)
					if lok && lt.Equals(rc.Type()) && lt.Base().Kind != types.KindBpchar {
						return expression.NewEquals(lc, rc), transform.NewTree, nil
					}
					return e, transform.SameTree, nil
				}
			}
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
