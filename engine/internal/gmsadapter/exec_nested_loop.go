package gmsadapter

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// A nested loop read by the projection above it. GMS's join iterator
// copies each outer row (with the scope before it) and builds every
// joined row anew, and the projection then builds its own row from it:
// for the FK join of one user's 100 posts that was three rows built per
// result row (the copy of the stored row, the joined row, the projected
// one). An output projection directly over an inner nested loop, hash or
// lookup join instead runs the loop itself: the joined pair is assembled
// in one scratch row, the outer part once per outer row, the condition
// and the projections read it, and only the projected row is new. The
// scratch row is reused, so this is done only when nothing that reads it
// can keep it (no subquery in the projections or the condition). A left
// join runs the same loop: an outer row no inner row joins is projected
// once with its inner columns NULL, as GMS's join iterator does.

// joinLoop is the fused iterator.
type joinLoop struct {
	b       sql.NodeExecBuilder
	right   sql.Node
	cond    sql.Expression // nil: every pair joins
	projs   []sql.Expression
	left    sql.RowIter
	inner   sql.RowIter // the right side for the current outer row
	nl      int
	scratch sql.Row
	outer   bool // a left join
	matched bool // an inner row joined the current outer row
	slab    rowSlab
}

// buildJoinLoop returns the fused iterator for projections projs over
// child; ok is false when the shape does not qualify.
func buildJoinLoop(ctx *sql.Context, b sql.NodeExecBuilder, projs []sql.Expression, child sql.Node, row sql.Row) (sql.RowIter, bool, error) {
	j, ok := child.(*plan.JoinNode)
	if !ok || len(row) != 0 || j.ScopeLen != 0 || !loopJoinOp(j.Op) {
		return nil, false, nil
	}
	if _, inst := ctx.Value(instrumentKey{}).(*Instrument); inst {
		return nil, false, nil // EXPLAIN ANALYZE counts the join node's rows
	}
	if keepsRow(j.Filter) {
		return nil, false, nil
	}
	for _, e := range projs {
		if keepsRow(e) {
			return nil, false, nil
		}
	}
	left, err := b.Build(ctx, j.Left(), row)
	if err != nil {
		return nil, true, err
	}
	nl := nodeWidth(j.Left())
	return &joinLoop{
		b:       b,
		right:   j.Right(),
		cond:    j.Filter,
		projs:   projs,
		left:    left,
		nl:      nl,
		scratch: make(sql.Row, nl+nodeWidth(j.Right())),
		outer:   j.Op.IsLeftOuter(),
	}, true, nil
}

// nodeWidth is the number of columns of n's rows, without the copy of
// the schema a table alias makes to rename it.
func nodeWidth(n sql.Node) int {
	for {
		a, ok := n.(*plan.TableAlias)
		if !ok {
			return len(n.Schema())
		}
		n = a.Child
	}
}

// loopJoinOp lists the join kinds GMS runs as an inner nested loop over
// its right side (a hash join's right side is its hash lookup).
func loopJoinOp(op plan.JoinType) bool {
	switch op {
	case plan.JoinTypeInner, plan.JoinTypeCross, plan.JoinTypeHash, plan.JoinTypeLookup,
		// not the ExcludeNulls kinds, which end an outer row's inner rows
		// at a NULL condition
		plan.JoinTypeLeftOuter, plan.JoinTypeLeftOuterLookup, plan.JoinTypeLeftOuterHash:
		return true
	}
	return false
}

// keepsRow reports whether evaluating e may hold on to the row it reads:
// a subquery, evaluated with the row as its outer scope.
func keepsRow(e sql.Expression) bool {
	if e == nil {
		return false
	}
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case sql.ExpressionWithNodes, *ScalarLookup:
			return true
		}
		return false
	})
}

func (it *joinLoop) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		if it.inner == nil {
			l, err := it.left.Next(ctx)
			if err != nil {
				return nil, err
			}
			copy(it.scratch[:it.nl], l)
			inner, err := it.b.Build(ctx, it.right, l)
			if err != nil {
				return nil, err
			}
			if plan.IsEmptyIter(inner) {
				// a cached right side that is empty: no pair joins (GMS's
				// join iterator ends the join the same way)
				if it.outer {
					return it.unmatched(ctx)
				}
				return nil, io.EOF
			}
			it.inner, it.matched = inner, false
		}
		r, err := it.inner.Next(ctx)
		if err == io.EOF {
			err = it.inner.Close(ctx)
			it.inner = nil
			if err != nil {
				return nil, err
			}
			if it.outer && !it.matched {
				return it.unmatched(ctx)
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		copy(it.scratch[it.nl:], r)
		if it.cond != nil {
			res, err := sql.EvaluateCondition(ctx, it.cond, it.scratch)
			if err != nil {
				return nil, err
			}
			if !sql.IsTrue(res) {
				continue
			}
		}
		it.matched = true
		return projectRow(ctx, it.projs, it.scratch, &it.slab)
	}
}

// unmatched projects the current outer row of a left join with NULL for
// the inner side's columns.
func (it *joinLoop) unmatched(ctx *sql.Context) (sql.Row, error) {
	clear(it.scratch[it.nl:])
	return projectRow(ctx, it.projs, it.scratch, &it.slab)
}

func (it *joinLoop) Close(ctx *sql.Context) error {
	err := it.left.Close(ctx)
	if it.inner != nil {
		if cerr := it.inner.Close(ctx); err == nil {
			err = cerr
		}
		it.inner = nil
	}
	return err
}
