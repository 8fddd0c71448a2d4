package gmsadapter

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

const ruleLateralLeftDeep analyzer.RuleId = 10002

// leftDeepHint asks GMS's join planner for a left-deep join tree.
const leftDeepHint = "LEFT_DEEP"

// lateralLeftDeep marks every join tree that holds a LATERAL join with
// GMS's LEFT_DEEP hint, so the join planner keeps each lateral join on
// the outer (left) side of the joins above it: commuted into the inner
// input of another join (`b JOIN (a LATERAL k)` for
// `a CROSS JOIN LATERAL (...) k JOIN b ON b.x = a.y`), the lateral join
// and every subquery evaluation of k would run again for each row of b.
// (GMS's own lateral iterator also returned wrong rows there; tinybase
// runs lateral joins with lateralJoinIter, rule_lateral_join.go, which
// handles either shape.)
func hasLateralJoin(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(c sql.Node) bool {
		if j, ok := c.(*plan.JoinNode); ok && j.Op.IsLateral() {
			found = true
		}
		return !found
	})
	return found
}

func lateralLeftDeep(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := c.(*plan.JoinNode)
		if !ok || !hasLateralJoin(j) {
			return c, transform.SameTree, nil
		}
		comment := j.Comment()
		if strings.Contains(strings.ToUpper(comment), leftDeepHint) {
			return c, transform.SameTree, nil
		}
		if strings.HasPrefix(comment, "/*+") && strings.HasSuffix(comment, "*/") {
			comment = strings.TrimSuffix(comment, "*/") + " " + leftDeepHint + " */"
		} else {
			comment = "/*+ " + leftDeepHint + " */"
		}
		return j.WithComment(comment), transform.NewTree, nil
	})
}

// installLateralRules wraps GMS's filter pushdown (lateralLeftPushdown)
// and appends lateralJoins (rule_lateral_join.go) to the analyzer's
// after-all batch, after assignExecIndexes. It runs before
// Config.InstallExecBuilder: the exec builder it sees is the one lateral
// joins rebuild their right inputs with.
func installLateralRules(a *analyzer.Analyzer) {
	for _, b := range a.Batches {
		if b.Desc == "default-rules" || b.Desc == "once-after" {
			rules := append([]analyzer.Rule{}, b.Rules...)
			for i, r := range rules {
				if id := r.Id.String(); id == "pushFilters" || id == "pushdownSubqueryAliasFilters" {
					rules[i].Apply = lateralLeftPushdown(r.Apply)
				}
			}
			b.Rules = rules
			continue
		}
		if b.Desc != "after-all" {
			continue
		}
		// copy: the builder's slice may be GMS's package-level default
		b.Rules = append(append([]analyzer.Rule{}, b.Rules...), analyzer.Rule{Id: ruleLateralJoins, Apply: lateralJoins(a.ExecBuilder)})
	}
}

// lateralLeftPushdown wraps GMS's filter pushdown rules: their child
// selector keeps filters off the nullable side of LEFT joins, but does
// not count LEFT JOIN LATERAL as one, so `... LEFT JOIN LATERAL (...) k
// ON true WHERE k.w IS NULL` filtered inside k and NULL-extended every
// row. Around the pushdown the lateral left joins are made plain left
// joins (restored right after: their right input is a lateral subquery).
func lateralLeftPushdown(push analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, an *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if SimpleRead(n, sc, qf) { // simple_read.go: no joins
			return push(ctx, an, n, sc, sel, qf)
		}
		converted := false
		in, _, err := transform.Node(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
			if j, ok := c.(*plan.JoinNode); ok && j.Op == plan.JoinTypeLateralLeft {
				if sqa, ok := j.Right().(*plan.SubqueryAlias); ok && sqa.IsLateral {
					converted = true
					nj := *j
					nj.Op = plan.JoinTypeLeftOuter
					return &nj, transform.NewTree, nil
				}
			}
			return c, transform.SameTree, nil
		})
		if err != nil || !converted {
			return push(ctx, an, n, sc, sel, qf)
		}
		out, _, err := push(ctx, an, in, sc, sel, qf)
		if err != nil {
			return n, transform.SameTree, err
		}
		out, _, err = transform.Node(out, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
			if j, ok := c.(*plan.JoinNode); ok && j.Op == plan.JoinTypeLeftOuter {
				if sqa, ok := j.Right().(*plan.SubqueryAlias); ok && sqa.IsLateral {
					nj := *j
					nj.Op = plan.JoinTypeLateralLeft
					return &nj, transform.NewTree, nil
				}
			}
			return c, transform.SameTree, nil
		})
		return out, transform.NewTree, err
	}
}

// keepUnhoistable wraps GMS's hoistOutOfScopeFilters, which lifts a
// subquery's conditions on outer columns alone (`WHERE p.pg > 0`) to the
// enclosing query's WHERE. From a LATERAL subquery (`LEFT JOIN LATERAL
// (SELECT ... WHERE p.pg > 0 ...) lb ON true`) it finds no WHERE above to
// take them and fails the statement; the plan is then left as it was,
// the conditions evaluated inside the subquery with the outer row, as
// PostgreSQL evaluates them.
func keepUnhoistable(hoist analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		out, same, err := hoist(ctx, a, n, sc, sel, qf)
		if err != nil && strings.Contains(err.Error(), "hoist filters above root node") {
			return n, transform.SameTree, nil
		}
		return out, same, err
	}
}
