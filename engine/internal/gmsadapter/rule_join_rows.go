package gmsadapter

import (
	"errors"
	"reflect"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Rewrites of a join's rows after the join methods are chosen: a
// projection that only puts a swapped join's columns back in order is
// folded into the projection above it (one row built per result row
// instead of two, and the fused loop of exec_nested_loop.go sees the
// join), and a join condition both sides' index scans already fix is
// dropped, as PostgreSQL's equivalence classes drop it (`u.id = $1 and
// u.id = p.user_id`: both sides are read at $1, the Nested Loop has no
// Join Filter).

// foldColumnProjection merges Project(outer, Project(columns, child))
// into one projection over child when the inner one lists only columns.
func foldColumnProjection(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	p, ok := n.(*plan.Project)
	if !ok {
		return n, transform.SameTree, nil
	}
	inner, ok := p.Child.(*plan.Project)
	if !ok {
		return n, transform.SameTree, nil
	}
	idx := make([]int, len(inner.Projections))
	for i, e := range inner.Projections {
		gf, ok := e.(*expression.GetField)
		if !ok {
			return n, transform.SameTree, nil
		}
		idx[i] = gf.Index()
	}
	for _, e := range p.Projections {
		// a subquery's columns index its own rows after the outer one's
		if keepsRow(e) {
			return n, transform.SameTree, nil
		}
	}
	projs := make([]sql.Expression, len(p.Projections))
	for i, e := range p.Projections {
		out, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			gf, ok := e.(*expression.GetField)
			if !ok {
				return e, transform.SameTree, nil
			}
			if gf.Index() < 0 || gf.Index() >= len(idx) {
				return nil, transform.SameTree, errNotFoldable
			}
			return gf.WithIndex(idx[gf.Index()]), transform.NewTree, nil
		})
		if err != nil {
			return n, transform.SameTree, nil
		}
		projs[i] = out
	}
	np := *p
	np.Projections = projs
	np.Child = inner.Child
	return &np, transform.NewTree, nil
}

var errNotFoldable = errors.New("gmsadapter: column outside the folded projection")

// impliedJoinConds drops from an inner nested loop's condition each
// equality of a left and a right column that both sides' index scans
// fix to the same key: every pair the loop forms satisfies it.
func (p *pathPlanner) impliedJoinConds(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	j, ok := n.(*plan.JoinNode)
	if !ok || j.Op != plan.JoinTypeInner || j.Filter == nil {
		return n, transform.SameTree, nil
	}
	ll, rl := sideLeaf(j.Left()), sideLeaf(j.Right())
	if ll == nil || rl == nil {
		return n, transform.SameTree, nil
	}
	nl := len(j.Left().Schema())
	if nl != len(ll.Schema()) || len(j.Right().Schema()) != len(rl.Schema()) {
		return n, transform.SameTree, nil
	}
	conj := expression.SplitConjunction(j.Filter)
	var rest []sql.Expression
	for _, c := range conj {
		if !p.impliedEquality(c, ll, rl, nl) {
			rest = append(rest, c)
		}
	}
	if len(rest) == len(conj) {
		return n, transform.SameTree, nil
	}
	if len(rest) == 0 {
		return plan.NewCrossJoin(j.Left(), j.Right()), transform.NewTree, nil
	}
	out := *j
	out.Filter = expression.JoinAnd(rest...)
	return &out, transform.NewTree, nil
}

// impliedEquality reports whether c is `left column = right column` with
// both columns of one type whose equality is Go's (hashableKind) and each
// fixed by its side's index scan to the same key expression.
func (p *pathPlanner) impliedEquality(c sql.Expression, ll, rl sql.Node, nl int) bool {
	eq, ok := c.(*expression.Equals)
	if !ok {
		return false
	}
	a, aok := eq.Left().(*expression.GetField)
	b, bok := eq.Right().(*expression.GetField)
	if !aok || !bok {
		return false
	}
	ai, bi := a.Index(), b.Index()
	if ai >= nl {
		ai, bi = bi, ai
		a, b = b, a
	}
	if ai >= nl || bi < nl {
		return false
	}
	at, aPG := a.Type().(*types.Type)
	bt, bPG := b.Type().(*types.Type)
	if !aPG || !bPG || !at.Equals(bt) || !hashableKind(at) {
		return false
	}
	lk, ok := p.leafKey(ll, ai)
	if !ok {
		return false
	}
	rk, ok := p.leafKey(rl, bi-nl)
	if !ok {
		return false
	}
	if oneExpr(lk, rk) {
		return true
	}
	// a static lookup's point is a new literal each time it is read
	la, aLit := lk.(*expr.Literal)
	lb, bLit := rk.(*expr.Literal)
	if !aLit || !bLit || la.Value == nil || lb.Value == nil {
		return false
	}
	ta, okA := la.Type().(*types.Type)
	tb, okB := lb.Type().(*types.Type)
	if !okA || !okB || !ta.Equals(at) || !tb.Equals(at) {
		return false
	}
	cmp, err := at.Compare(p.ctx, la.Value, lb.Value)
	return err == nil && cmp == 0
}

// oneExpr reports whether a and b are one expression value (pointers;
// expressions of other kinds are never taken as the same).
func oneExpr(a, b sql.Expression) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	return va.Kind() == reflect.Pointer && vb.Kind() == reflect.Pointer && va.Type() == vb.Type() && va.Pointer() == vb.Pointer()
}

// shareJoinSides marks the index scans a join reads through filters,
// limits and aliases Shared: every join iterator of these kinds copies
// its outer row and builds each joined row anew (GMS's join and cross
// join iterators, joinLoop), so the copy of each stored row the scan
// would make buys nothing.
func shareJoinSides(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	j, ok := n.(*plan.JoinNode)
	if !ok {
		return n, transform.SameTree, nil
	}
	switch j.Op {
	case plan.JoinTypeInner, plan.JoinTypeCross, plan.JoinTypeHash, plan.JoinTypeLookup,
		plan.JoinTypeLeftOuter, plan.JoinTypeLeftOuterHash, plan.JoinTypeLeftOuterLookup:
	default:
		return n, transform.SameTree, nil
	}
	return mapJoinSides(j, sharedIndexChild)
}

// mapJoinSides rebuilds join j with f applied to both sides (f reports
// whether it left a side as it was).
func mapJoinSides(j *plan.JoinNode, f func(sql.Node) (sql.Node, bool)) (sql.Node, transform.TreeIdentity, error) {
	left, sameL := f(j.Left())
	right, sameR := f(j.Right())
	if sameL && sameR {
		return j, transform.SameTree, nil
	}
	out, err := j.WithChildren(left, right)
	if err != nil {
		return j, transform.SameTree, err
	}
	return out, transform.NewTree, nil
}

// lookupAsScan turns GMS's lookup join into an inner join when the outer
// side's scan fixes the column the lookup is keyed by: the inner table is
// then read once at that key (an IndexScan) instead of looked up per outer
// row, and the join continues as the other inner joins do (the side with
// one row goes outside, the equality both scans fix is dropped), as
// PostgreSQL plans `from posts p join users u on u.id = p.user_id where
// p.user_id = 5`.
func (p *pathPlanner) lookupAsScan(j *plan.JoinNode) (*plan.JoinNode, bool) {
	r := j.Right()
	alias, _ := r.(*plan.TableAlias)
	if alias != nil {
		r = alias.Child
	}
	ita, ok := r.(*plan.IndexedTableAccess)
	if !ok || ita.IsStatic() {
		return nil, false
	}
	rt, ok := ita.TableNode.(*plan.ResolvedTable)
	if !ok {
		return nil, false
	}
	keys := ita.Expressions()
	cols, ok := indexColumns(ita.Index(), rt.Schema())
	if !ok || len(keys) != 1 || len(cols) == 0 {
		return nil, false
	}
	gf, ok := keys[0].(*expression.GetField)
	ll := sideLeaf(j.Left())
	nl := len(j.Left().Schema())
	if !ok || ll == nil || gf.Index() >= nl || nl != len(ll.Schema()) {
		return nil, false
	}
	key, ok := p.leafKey(ll, gf.Index())
	if !ok {
		return nil, false
	}
	var side sql.Node = rt
	if alias != nil {
		a, err := alias.WithChildren(rt)
		if err != nil {
			return nil, false
		}
		side = a
	}
	scan, ok := p.impliedScan(side, cols[0], key)
	if !ok {
		return nil, false
	}
	// the lookup's key equality becomes the join's condition
	c := rt.Schema()[cols[0]]
	source := c.Source
	if alias != nil {
		source = alias.Name()
	}
	var cond sql.Expression = expression.NewEquals(gf, expression.NewGetFieldWithTable(nl+cols[0], 0, c.Type, c.DatabaseSource, source, c.Name, c.Nullable))
	if lit, ok := j.Filter.(*expression.Literal); j.Filter != nil && !(ok && lit.Value() == true) {
		cond = expression.JoinAnd(j.Filter, cond) // GMS's own condition, unless its `true`
	}
	n, err := j.WithChildren(j.Left(), scan)
	if err != nil {
		return nil, false
	}
	nj, ok := n.(*plan.JoinNode)
	if !ok {
		return nil, false
	}
	out := *nj
	out.Op = plan.JoinTypeInner
	out.Filter = cond
	return &out, true
}

// markJoinSides sets JoinSide on the index scans the joins of the whole
// query read through filters and aliases (IndexScan.RowIter).
func markJoinSides(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	j, ok := n.(*plan.JoinNode)
	if !ok || !loopJoinOp(j.Op) && !j.Op.IsLeftOuter() {
		return n, transform.SameTree, nil
	}
	return mapJoinSides(j, joinSideScan)
}

func joinSideScan(n sql.Node) (sql.Node, bool) {
	switch x := n.(type) {
	case *IndexScan:
		if x.JoinSide {
			return n, true
		}
		s := *x
		s.JoinSide = true
		return &s, false
	case *plan.Filter, *plan.TableAlias:
		c, same := joinSideScan(x.Children()[0])
		return withNewChild(n, c, same)
	}
	return n, true
}
