package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Hash joins. GMS plans hash, lookup and merge joins only for its own
// equality node; tinybase's `=` is expr.BinOp, so every inner join of two
// tables without an index path was a nested loop that read the right
// side once per left row (1,000 users × 100,000 posts on an expression
// took minutes). hashJoin turns an inner nested loop whose condition has
// an equality between an expression of the left rows and one of the right
// rows into GMS's hash join: the right side is read once into a hash
// table keyed by its expression, and each left row probes it (PostgreSQL's
// Hash Join, "Hash Cond"). The whole condition is still evaluated on
// each pair, so NULL keys and the other conjuncts keep their meaning.

// hashableKind lists the types whose equal values are equal Go values of
// one representation, so a Go map finds them (not numeric 1.0 = 1.00, not
// times in different zones, not bpchar's trailing blanks).
func hashableKind(t *types.Type) bool {
	switch t.Base().Kind {
	case types.KindBool, types.KindInt2, types.KindInt4, types.KindInt8, types.KindOid,
		types.KindText, types.KindVarchar, types.KindName, types.KindUUID:
		return true
	}
	return false
}

// hashJoin rewrites one join node; it is applied bottom-up over the plan.
func (p *pathPlanner) hashJoin(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	j, ok := n.(*plan.JoinNode)
	if ok && j.Op == plan.JoinTypeHash && j.Filter != nil {
		// GMS's own hash join of its equality, hashing one row of a
		// unique key: the nested loop under that row reads the other
		// side once without building a table
		if hl, ok := j.Right().(*plan.HashLookup); ok && onePointRead(hl.Child) && readOnce(j.Left()) {
			if nl, err := j.WithChildren(j.Left(), hl.Child); err == nil {
				if nj, ok := nl.(*plan.JoinNode); ok {
					cp := *nj
					cp.Op = plan.JoinTypeInner
					if out, ok := p.swappedJoin(&cp, false); ok {
						return out, transform.NewTree, nil
					}
				}
			}
		}
	}
	if !ok || j.Op != plan.JoinTypeInner || j.Filter == nil {
		return n, transform.SameTree, nil
	}
	if onePointRead(j.Left()) {
		// one left row: the loop reads the right side once, with no
		// table to build (PostgreSQL's Nested Loop under the row of a
		// unique key)
		return n, transform.SameTree, nil
	}
	if onePointRead(j.Right()) && readOnce(j.Left()) {
		// the same loop with the sides exchanged
		if out, ok := p.swappedJoin(j, false); ok {
			return out, transform.NewTree, nil
		}
	}
	if lr, rr := p.sideRows(j.Left()), p.sideRows(j.Right()); lr >= 0 && rr > 4*lr && readOnce(j.Left()) {
		// hash the smaller table, as PostgreSQL does; the rows then come
		// in the larger one's order, PostgreSQL's probe order
		if out, ok := p.swappedJoin(j, true); ok {
			return out, transform.NewTree, nil
		}
	}
	if out, ok := p.hashJoinOf(j); ok {
		return out, transform.NewTree, nil
	}
	return n, transform.SameTree, nil
}

// sideRows is the live row count of the one table a join side reads, or
// -1.
func (p *pathPlanner) sideRows(n sql.Node) float64 {
	var t sql.Table
	switch x := sideLeaf(n).(type) {
	case *plan.ResolvedTable:
		t = x.UnderlyingTable()
	case *IndexScan:
		t = x.Table.UnderlyingTable()
	case *plan.IndexedTableAccess:
		t = x.UnderlyingTable()
	default:
		return -1
	}
	e := &explainer{ctx: p.ctx}
	return e.tableRows(t)
}

// swappedJoin builds the join with the sides exchanged, a hash join when
// hash is set, under a projection that restores the columns' order.
func (p *pathPlanner) swappedJoin(j *plan.JoinNode, hash bool) (sql.Node, bool) {
	left, right := j.Left(), j.Right()
	nl, nr := len(left.Schema()), len(right.Schema())
	filter, _, err := transform.Expr(j.Filter, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if gf, ok := e.(*expression.GetField); ok {
			if gf.Index() < nl {
				return gf.WithIndex(gf.Index() + nr), transform.NewTree, nil
			}
			return gf.WithIndex(gf.Index() - nl), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
	if err != nil {
		return nil, false
	}
	sw, err := j.WithChildren(right, left)
	if err != nil {
		return nil, false
	}
	swj, ok := sw.(*plan.JoinNode)
	if !ok {
		return nil, false
	}
	cp := *swj
	cp.Filter = filter
	var hj sql.Node = &cp
	if hash {
		if hj, ok = p.hashJoinOf(&cp); !ok {
			return nil, false
		}
	}
	schema := hj.Schema()
	cols := make([]sql.Expression, 0, nl+nr)
	for k := 0; k < nl+nr; k++ {
		i := nr + k // a left column, now after the right ones
		if k >= nl {
			i = k - nl
		}
		c := schema[i]
		cols = append(cols, expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable))
	}
	return plan.NewProject(cols, hj), true
}

// hashJoinOf makes j a hash join on one of its equalities, when it has a
// usable one and its right side is read once.
func (p *pathPlanner) hashJoinOf(j *plan.JoinNode) (sql.Node, bool) {
	left, right := j.Left(), j.Right()
	if onePointRead(left) || !readOnce(right) {
		// one left row: the loop reads the right side once anyway
		return nil, false
	}
	ls, rs := left.Schema(), right.Schema()
	for _, c := range splitAnd(j.Filter, nil) {
		var l, r sql.Expression
		switch x := c.(type) {
		case *expr.BinOp:
			if x.Op != "=" {
				continue
			}
			l, r = x.Left, x.Right
		case *expression.Equals:
			l, r = x.Left(), x.Right()
		default:
			continue
		}
		sl, sr := sideOf(l, ls, rs), sideOf(r, ls, rs)
		if sl == 1 && sr == 0 {
			l, r, sl, sr = r, l, sr, sl
		}
		if sl != 0 || sr != 1 {
			continue
		}
		lt, lok := l.Type().(*types.Type)
		rt, rok := r.Type().(*types.Type)
		if !lok || !rok || !lt.Equals(rt) || !hashableKind(lt) {
			continue
		}
		rightKey, _, err := transform.Expr(r, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if gf, ok := e.(*expression.GetField); ok {
				return gf.WithIndex(gf.Index() - len(ls)), transform.NewTree, nil
			}
			return e, transform.SameTree, nil
		})
		if err != nil {
			return nil, false
		}
		hl := plan.NewHashLookup(right, rightKey, l, plan.JoinTypeHash)
		out, err := j.WithChildren(left, hl)
		if err != nil {
			return nil, false
		}
		hj, ok := out.(*plan.JoinNode)
		if !ok {
			return nil, false
		}
		hj.Op = plan.JoinTypeHash
		return hj, true
	}
	return nil, false
}

// sideOf tells which side's columns an expression reads: 0 the left
// rows, 1 the right rows, -1 both, neither, or something else (a
// subquery, a volatile call). Column indexes and names must agree with
// the sides' schemas, which also rules out rows prefixed by an outer
// scope's columns.
func sideOf(e sql.Expression, ls, rs sql.Schema) int {
	if s := sideOfScope(e, ls, rs); s != 2 { // rule_semi_join.go
		return s
	}
	return -1 // no column at all
}

// readOnce reports whether a join side reads its rows without a key from
// the other side: a table (scanned, or read by a scan whose keys are
// constants), under aliases and filters.
func readOnce(n sql.Node) bool {
	for {
		switch x := n.(type) {
		case *plan.TableAlias:
			n = x.Child
		case *plan.Filter:
			n = x.Child
		case *plan.ResolvedTable:
			return true
		case *IndexScan:
			return true // keys are constants or parameters (usable)
		case *plan.IndexedTableAccess:
			return x.IsStatic()
		default:
			return false
		}
	}
}

// onePointRead reports whether a join side is one table read by a unique
// point lookup: one row at most.
func onePointRead(n sql.Node) bool {
	switch x := sideLeaf(n).(type) {
	case *IndexScan:
		return x.uniquePoint()
	case *plan.IndexedTableAccess:
		return !x.IsStatic() && x.IsStrictLookup()
	}
	return false
}
