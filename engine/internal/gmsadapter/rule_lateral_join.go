package gmsadapter

import (
	"errors"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

const ruleLateralJoins analyzer.RuleId = 10004

// lateralJoins is the after-all rule that runs every lateral join (at
// any depth: inside derived tables and subquery expressions too) with
// tinybase's lateralJoinIter instead of GMS's.
//
// GMS v0.20.0 gives a subquery's plan its scope row by prepending it to
// every row source (plan.PrependRowInPlan), and a join inside a subquery
// strips that prefix off both inputs (plan.StripRowNode) and puts the
// scope row back in front of its output. Its lateral join iterator does
// not: its output and its ON condition leave out the scope row, and it
// hands its right input only the left row, not scope row + left row. At
// the top level of a query (no scope) that is the same thing; below a
// LATERAL subquery or inside a correlated subquery expression every
// index past the scope read the wrong column or ran off the row:
//
//	la CROSS JOIN LATERAL (SELECT ... FROM (SELECT la.y) s(a)
//	    CROSS JOIN LATERAL (SELECT s.a * 100 AS b) m) k       -- NULL for b
//	(SELECT count(*) FROM lb CROSS JOIN LATERAL (SELECT lb.x + la.y) q(s)
//	    JOIN lc ON ...)                                       -- XX000
//
// (nested lateral subqueries only got the scope row because an outer
// transformation had already prepended it to them, twice in some shapes).
//
// read is the builder for lateral joins' right inputs (readBuilder).
func lateralJoins(read sql.NodeExecBuilder) analyzer.RuleFunc {
	return func(ctx *sql.Context, an *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		return lateralJoinsWith(read, an, n, scope, qf)
	}
}

func lateralJoinsWith(read sql.NodeExecBuilder, an *analyzer.Analyzer, n sql.Node, scope *plan.Scope, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if !scope.IsEmpty() {
		// subqueries are reached from the top-level plan, once GMS has
		// assigned execution indexes through the whole tree
		return n, transform.SameTree, nil
	}
	if qf != nil && !qf.IsSet(sql.QFlagRelSubquery) {
		// every LATERAL item the translator emits is a derived table
		return n, transform.SameTree, nil
	}
	if !anyLateralJoin(n) {
		return n, transform.SameTree, nil
	}
	n, err := fixScopeLens(n, 0)
	if err != nil {
		return nil, transform.SameTree, err
	}
	n, _, err = wrapLateralJoinNodes(n, an.ExecBuilder, read)
	return n, transform.NewTree, err
}

// anyLateralJoin reports whether n holds a lateral join at any depth,
// subquery expressions included.
func anyLateralJoin(n sql.Node) bool {
	if j, ok := n.(*plan.JoinNode); ok && j.Op.IsLateral() {
		return true
	}
	if ne, ok := n.(sql.Expressioner); ok {
		for _, e := range ne.Expressions() {
			if exprHasLateralJoin(e) {
				return true
			}
		}
	}
	for _, c := range n.Children() {
		if anyLateralJoin(c) {
			return true
		}
	}
	return false
}

func exprHasLateralJoin(e sql.Expression) bool {
	if sq, ok := e.(*plan.Subquery); ok {
		return anyLateralJoin(sq.Query)
	}
	for _, c := range e.Children() {
		if exprHasLateralJoin(c) {
			return true
		}
	}
	return false
}

// fixScopeLens sets the scope length of every join below n to the width
// of the scope row its rows carry; w is that width at n, or -1 inside a
// subquery expression until a join tells it.
//
// GMS's assignExecIndexes gives a join in a subquery the length of its
// first enclosing scope only ("TODO: combine scopes?"), and strips that
// many columns off its inputs (plan.StripRowNode). A lateral join adds
// its left row to the scope of its right input, so below two levels of
// LATERAL the scope is wider than that, and the join cut the scope row
// short: `a, LATERAL (... s, LATERAL (... t, LATERAL (...) u) l2) k`
// failed with "unable to find field with index 4 in row of 4 columns".
// The width follows assignExecIndexes: a lateral join's right input sees
// the join's scope plus its left input; a derived table that is neither
// LATERAL nor sees outer columns starts afresh; a subquery expression
// has a single scope (the evaluating row), which GMS measures right.
func fixScopeLens(n sql.Node, w int) (sql.Node, error) {
	n, _, err := transform.OneNodeExpressions(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		sq, ok := e.(*plan.Subquery)
		if !ok {
			return e, transform.SameTree, nil
		}
		q, err := fixScopeLens(sq.Query, -1)
		if err != nil || q == sq.Query {
			return e, transform.SameTree, err
		}
		return sq.WithQuery(q), transform.NewTree, nil
	})
	if err != nil {
		return nil, err
	}
	switch x := n.(type) {
	case *plan.JoinNode:
		if w < 0 {
			w = x.ScopeLen
		}
		l, r := unstrip(x.Left()), unstrip(x.Right())
		rw := w
		if x.Op.IsLateral() {
			rw = w + len(l.Schema())
		}
		nl, err := fixScopeLens(l, w)
		if err != nil {
			return nil, err
		}
		nr, err := fixScopeLens(r, rw)
		if err != nil {
			return nil, err
		}
		if w == x.ScopeLen && nl == l && nr == r {
			return x, nil
		}
		if w > 0 {
			nl, nr = plan.NewStripRowNode(nl, w), plan.NewStripRowNode(nr, w)
		}
		return x.WithScopeLen(w).WithChildren(nl, nr)
	case *plan.SubqueryAlias:
		if !x.OuterScopeVisibility && !x.IsLateral {
			w = 0
		}
	}
	children := n.Children()
	var changed []sql.Node
	for i, c := range children {
		nc, err := fixScopeLens(c, w)
		if err != nil {
			return nil, err
		}
		if nc != c {
			if changed == nil {
				changed = append([]sql.Node{}, children...)
			}
			changed[i] = nc
		}
	}
	if changed == nil {
		return n, nil
	}
	return n.WithChildren(changed...)
}

// wrapLateralJoinNodes wraps each lateral join in n in a LateralJoinNode,
// descending into derived tables and subquery expressions.
func wrapLateralJoinNodes(n sql.Node, b, read sql.NodeExecBuilder) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if _, done := c.(*LateralJoinNode); done {
			return c, transform.SameTree, nil
		}
		c, same, err := transform.OneNodeExpressions(c, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			return transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				sq, ok := e.(*plan.Subquery)
				if !ok {
					return e, transform.SameTree, nil
				}
				q, same, err := wrapLateralJoinNodes(sq.Query, b, read)
				if err != nil || same {
					return e, transform.SameTree, err
				}
				return sq.WithQuery(q), transform.NewTree, nil
			})
		})
		if err != nil {
			return nil, transform.SameTree, err
		}
		j, ok := c.(*plan.JoinNode)
		if !ok || !j.Op.IsLateral() {
			return c, same, nil
		}
		return &LateralJoinNode{UnaryNode: plan.UnaryNode{Child: j}, builder: b, read: read}, transform.NewTree, nil
	})
}

// LateralJoinNode runs the lateral join below it with lateralJoinIter.
// It is transparent to transformations: the scope rows GMS prepends at
// execution reach the join's inputs as they would without it. It keeps
// no state between executions (its iterator does), so a cached plan may
// hold one.
type LateralJoinNode struct {
	plan.UnaryNode
	builder sql.NodeExecBuilder // the analyzer's exec builder
	read    sql.NodeExecBuilder // for the right input (readBuilder)
}

var _ sql.ExecSourceRel = (*LateralJoinNode)(nil)

func (n *LateralJoinNode) String() string      { return n.Child.String() }
func (n *LateralJoinNode) DebugString() string { return sql.DebugString(n.Child) }
func (n *LateralJoinNode) IsReadOnly() bool    { return n.Child.IsReadOnly() }

func (n *LateralJoinNode) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(ch), 1)
	}
	c := *n
	c.Child = ch[0]
	return &c, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (n *LateralJoinNode) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, n.Child)
}

func (n *LateralJoinNode) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	j, ok := n.Child.(*plan.JoinNode)
	if !ok {
		return n.builder.Build(ctx, n.Child, row)
	}
	left, err := n.builder.Build(ctx, j.Left(), row)
	if err != nil {
		return nil, err
	}
	right, _, err := transform.NodeWithOpaque(j.Right(), stripPrepends)
	if err != nil {
		return nil, err
	}
	scope := row
	if len(scope) > j.ScopeLen {
		// built as the inner input of another join: the row is that
		// join's left row, not a scope
		scope = scope[:j.ScopeLen]
	}
	return &lateralJoinIter{
		parent:   row,
		scope:    scope,
		left:     left,
		right:    right,
		rightLen: len(j.Right().Schema()),
		cond:     j.Filter,
		outer:    j.Op == plan.JoinTypeLateralLeft,
		rowSize:  len(row) + len(j.Left().Schema()) + len(j.Right().Schema()),
		scopeLen: j.ScopeLen,
		b:        n.readBuilder(),
	}, nil
}

// readBuilder is the builder for a lateral join's right input, rebuilt
// for every left row: a derived table never writes, so it skips the
// engine builder's search for writes on tables with triggers (the
// builder Config.InstallExecBuilder wrapped).
func (n *LateralJoinNode) readBuilder() sql.NodeExecBuilder {
	if n.read != nil {
		return n.read
	}
	return n.builder
}

// unstrip returns the input of a join below the StripRowNode that
// assignExecIndexes puts on each input of a join in a subquery.
func unstrip(n sql.Node) sql.Node {
	if s, ok := n.(*plan.StripRowNode); ok {
		return s.Child
	}
	return n
}

// stripPrepends removes the scope rows prepended from outside: the right
// input of a lateral join gets scope row + left row, once, from its join.
func stripPrepends(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if p, ok := n.(*plan.PrependNode); ok {
		return p.Child, transform.NewTree, nil
	}
	return n, transform.SameTree, nil
}

// lateralJoinIter is GMS's join iterator for a right input that is
// rebuilt for each left row with that row in scope. Rows are laid out as
// GMS's joinIter lays them out: parent row, left row, right row, with the
// parent row then cut back to the join's scope length.
type lateralJoinIter struct {
	parent, scope sql.Row
	left          sql.RowIter
	right         sql.Node
	rightLen      int
	cond          sql.Expression
	outer         bool
	rowSize       int
	scopeLen      int
	b             sql.NodeExecBuilder

	primary sql.Row // parent row + current left row
	rIter   sql.RowIter
	matched bool
}

func (i *lateralJoinIter) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		if i.primary == nil {
			l, err := i.left.Next(ctx)
			if err != nil {
				return nil, err
			}
			i.primary, i.matched = l, false
			if len(i.parent) > 0 {
				i.primary = i.parent.Append(l)
			}
			inScope := l
			if len(i.scope) > 0 {
				inScope = append(append(make(sql.Row, 0, len(i.scope)+len(l)), i.scope...), l...)
			}
			right, _, err := transform.Node(i.right, prependScope(inScope))
			if err != nil {
				return nil, err
			}
			if i.rIter, err = i.b.Build(ctx, right, inScope); err != nil {
				return nil, err
			}
		}
		r, err := i.rIter.Next(ctx)
		if errors.Is(err, io.EOF) {
			primary := i.primary
			if err := i.closeRight(ctx); err != nil {
				return nil, err
			}
			if i.outer && !i.matched {
				return i.removeParentRow(i.buildRow(primary, nil)), nil
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		row := i.buildRow(i.primary, r[len(r)-i.rightLen:])
		if i.cond != nil {
			res, err := sql.EvaluateCondition(ctx, i.cond, row)
			if err != nil {
				return nil, err
			}
			if !sql.IsTrue(res) {
				continue
			}
		}
		i.matched = true
		return i.removeParentRow(row), nil
	}
}

func (i *lateralJoinIter) buildRow(primary, right sql.Row) sql.Row {
	row := make(sql.Row, i.rowSize)
	copy(row, primary)
	copy(row[len(primary):], right)
	return row
}

func (i *lateralJoinIter) removeParentRow(r sql.Row) sql.Row {
	copy(r[i.scopeLen:], r[len(i.parent):])
	return r[:len(r)-len(i.parent)+i.scopeLen]
}

func (i *lateralJoinIter) closeRight(ctx *sql.Context) error {
	i.primary = nil
	if i.rIter == nil {
		return nil
	}
	err := i.rIter.Close(ctx)
	i.rIter = nil
	return err
}

func (i *lateralJoinIter) Close(ctx *sql.Context) error {
	rerr := i.closeRight(ctx)
	if err := i.left.Close(ctx); err != nil {
		return err
	}
	return rerr
}

// prependScope is plan.PrependRowInPlan for a lateral join's right
// input, which also puts row before the rows of tinybase's scans that
// replaced a table or an aggregate (IndexScan, CountStar): GMS's
// function knows only its own nodes, so a Filter or sort over an index
// range in a LATERAL subquery read its columns past the scope row that
// was not there (XX000 "unable to find field with index 3 in row of 3
// columns"). Derived tables, set operations and recursive CTEs inside
// are descended with this function, not GMS's.
func prependScope(row sql.Row) func(sql.Node) (sql.Node, transform.TreeIdentity, error) {
	gms := plan.PrependRowInPlan(row, true)
	var f func(sql.Node) (sql.Node, transform.TreeIdentity, error)
	f = func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *IndexScan, *CountStar:
			return plan.NewPrependNode(n, row), transform.NewTree, nil
		case *plan.SubqueryAlias:
			c, _, err := transform.Node(x.Child, f)
			if err != nil {
				return n, transform.SameTree, err
			}
			cp := *x
			cp.Child = c
			return &cp, transform.NewTree, nil
		case *plan.SetOp:
			l, _, err := transform.Node(x.Left(), f)
			if err != nil {
				return n, transform.SameTree, err
			}
			r, _, err := transform.Node(x.Right(), f)
			if err != nil {
				return n, transform.SameTree, err
			}
			out, err := x.WithChildren(l, r)
			return out, transform.NewTree, err
		}
		return gms(n)
	}
	return f
}
