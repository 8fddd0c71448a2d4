package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

const (
	ruleLateralLeftDeep analyzer.RuleId = 10002
	ruleLateralRows     analyzer.RuleId = 10003
)

// leftDeepHint asks GMS's join planner for a left-deep join tree.
const leftDeepHint = "LEFT_DEEP"

// lateralLeftDeep marks every join tree that holds a LATERAL join with
// GMS's LEFT_DEEP hint, so the join planner keeps each lateral join on
// the outer (left) side of the joins above it.
//
// GMS v0.20.0's lateral join iterator assumes the rows of its left input
// carry the row it was built with as a prefix, and strips that prefix
// from its output. That holds at the top of a query, but not when the
// lateral join is the inner (right) input of another join: the join
// iterator builds its right input with the current outer row, the
// lateral iterator then strips that many columns off rows that never had
// them, and every condition above reads past the end of the row (NULL),
// so `a CROSS JOIN LATERAL (...) k JOIN b ON b.x = a.y`, which the
// planner likes to commute into `b JOIN (a LATERAL k)`, returned no rows.
// A left-deep tree has a single relation as every join's right input, so
// a lateral join is only ever the left input of the joins above it.
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

// installLateralRows appends lateralRows to the analyzer's after-all
// batch, after assignExecIndexes.
func installLateralRows(a *analyzer.Analyzer) {
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
		b.Rules = append(append([]analyzer.Rule{}, b.Rules...), analyzer.Rule{Id: ruleLateralRows, Apply: lateralRows})
	}
}

// lateralRows is the after-all rule that covers what LEFT_DEEP cannot:
// a lateral join that must stay the inner input of another join (the
// nullable side of a LEFT or RIGHT join, a parenthesised join). Each
// lateral join outside subqueries is wrapped in a lateralScopeNode, which
// hands the row it is built with to the lateral join's left input only,
// and builds the lateral join itself with no row, the shape its iterator
// handles correctly. Lateral joins at the top of a query or subquery are
// left alone.
func lateralRows(ctx *sql.Context, an *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if !scope.IsEmpty() {
		// a subquery analyzed on its own: its rows carry the scope row
		return n, transform.SameTree, nil
	}
	return wrapLateralJoins(n, an.ExecBuilder, false)
}

// wrapLateralJoins wraps the lateral joins below n; inner says n is built
// with a row (it is, or is below, the inner input of a join).
func wrapLateralJoins(n sql.Node, b sql.NodeExecBuilder, inner bool) (sql.Node, transform.TreeIdentity, error) {
	switch n := n.(type) {
	case *plan.SubqueryAlias, *lateralScopeNode:
		// a subquery's rows carry its scope row; its lateral joins
		// are built the way GMS expects
		return n, transform.SameTree, nil
	}
	children := n.Children()
	if len(children) == 0 {
		return n, transform.SameTree, nil
	}
	var newChildren []sql.Node
	for i, c := range children {
		ci := inner
		if j, ok := n.(*plan.JoinNode); ok && i == 1 && !j.Op.IsLateral() {
			ci = true
		}
		nc, same, err := wrapLateralJoins(c, b, ci)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if !same {
			if newChildren == nil {
				newChildren = append([]sql.Node{}, children...)
			}
			newChildren[i] = nc
		}
	}
	out := n
	if newChildren != nil {
		var err error
		if out, err = n.WithChildren(newChildren...); err != nil {
			return nil, transform.SameTree, err
		}
	}
	if j, ok := out.(*plan.JoinNode); ok && j.Op.IsLateral() && j.ScopeLen == 0 && inner {
		return &lateralScopeNode{UnaryNode: plan.UnaryNode{Child: j}, builder: b}, transform.NewTree, nil
	}
	if newChildren == nil {
		return n, transform.SameTree, nil
	}
	return out, transform.NewTree, nil
}

// lateralScopeNode runs a lateral join built with a non-empty row (as
// the inner input of another join): GMS's lateral iterator would strip
// that row's width off every output row, assuming its left input's rows
// carry the row as a prefix, which they do not there.
type lateralScopeNode struct {
	plan.UnaryNode
	builder sql.NodeExecBuilder
}

var _ sql.ExecSourceRel = (*lateralScopeNode)(nil)

func (n *lateralScopeNode) String() string      { return n.Child.String() }
func (n *lateralScopeNode) DebugString() string { return sql.DebugString(n.Child) }
func (n *lateralScopeNode) IsReadOnly() bool    { return n.Child.IsReadOnly() }

func (n *lateralScopeNode) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(ch), 1)
	}
	c := *n
	c.Child = ch[0]
	return &c, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (n *lateralScopeNode) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, n.Child)
}

func (n *lateralScopeNode) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	j, ok := n.Child.(*plan.JoinNode)
	if !ok || len(row) == 0 {
		return n.builder.Build(ctx, n.Child, row)
	}
	left := &scopeRowNode{UnaryNode: plan.UnaryNode{Child: j.Left()}, row: row, builder: n.builder}
	nj, err := j.WithChildren(left, j.Right())
	if err != nil {
		return nil, err
	}
	return n.builder.Build(ctx, nj, nil)
}

// scopeRowNode builds its child with a fixed row (the row the enclosing
// lateralScopeNode was built with), whatever row it is built with.
type scopeRowNode struct {
	plan.UnaryNode
	row     sql.Row
	builder sql.NodeExecBuilder
}

var _ sql.ExecSourceRel = (*scopeRowNode)(nil)

func (n *scopeRowNode) String() string   { return n.Child.String() }
func (n *scopeRowNode) IsReadOnly() bool { return n.Child.IsReadOnly() }

func (n *scopeRowNode) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(ch), 1)
	}
	c := *n
	c.Child = ch[0]
	return &c, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (n *scopeRowNode) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, n.Child)
}

func (n *scopeRowNode) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	return n.builder.Build(ctx, n.Child, n.row)
}

// lateralLeftPushdown wraps GMS's filter pushdown rules: their child
// selector keeps filters off the nullable side of LEFT joins, but does
// not count LEFT JOIN LATERAL as one, so `... LEFT JOIN LATERAL (...) k
// ON true WHERE k.w IS NULL` filtered inside k and NULL-extended every
// row. Around the pushdown the lateral left joins are made plain left
// joins (restored right after: their right input is a lateral subquery).
func lateralLeftPushdown(push analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, an *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if simpleRead(n, sc, qf) { // analyzer_rules.go: no joins
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
