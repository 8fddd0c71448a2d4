package gmsadapter

import (
	"errors"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// FULL JOIN execution.
//
// GMS's full join iterator leaves the outer query's row (the row a
// correlated subquery runs under) out of the rows it evaluates the join
// condition on, while the condition's column indexes count it, so a FULL
// JOIN inside a correlated subquery compared the wrong columns; it also
// builds its right input for the unmatched right rows with no outer row
// at all, and remembers matched rows by hash of their values. fullJoinIter
// replaces it: the right input is read once (a FULL JOIN's right input
// never depends on its left one), each left row is joined to every right
// row it matches or else NULL-extended, and then every right row that
// matched none is NULL-extended, with rows counted by position.

// buildFullJoin builds j's rows under the outer row.
func buildFullJoin(ctx *sql.Context, b sql.NodeExecBuilder, j *plan.JoinNode, row sql.Row) (sql.RowIter, error) {
	leftLen, rightLen := len(j.Left().Schema()), len(j.Right().Schema())
	prefix := make(sql.Row, len(row)+leftLen)
	copy(prefix, row)
	r, err := b.Build(ctx, j.Right(), prefix)
	if err != nil {
		return nil, err
	}
	var right []sql.Row
	for {
		rr, err := r.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			r.Close(ctx)
			return nil, err
		}
		right = append(right, rr)
	}
	if err := r.Close(ctx); err != nil {
		return nil, err
	}
	l, err := b.Build(ctx, j.Left(), row)
	if err != nil {
		return nil, err
	}
	return &fullJoinIter{
		parent:   row,
		scopeLen: j.ScopeLen,
		leftLen:  leftLen,
		rightLen: rightLen,
		cond:     j.Filter,
		left:     l,
		right:    right,
		matched:  make([]bool, len(right)),
	}, nil
}

type fullJoinIter struct {
	parent   sql.Row
	scopeLen int
	leftLen  int
	rightLen int
	cond     sql.Expression

	left    sql.RowIter // nil once exhausted
	right   []sql.Row
	matched []bool // right rows that matched some left row

	leftRow  sql.Row // the left row being joined; nil between left rows
	next     int     // the next right row to try with leftRow, or to emit unmatched once left is exhausted
	leftSeen bool    // leftRow matched some right row
}

func (it *fullJoinIter) Next(ctx *sql.Context) (sql.Row, error) {
	for it.left != nil {
		if it.leftRow == nil {
			lr, err := it.left.Next(ctx)
			if errors.Is(err, io.EOF) {
				err = it.left.Close(ctx)
				it.left = nil
				it.next = 0
				if err != nil {
					return nil, err
				}
				break
			}
			if err != nil {
				return nil, err
			}
			it.leftRow, it.next, it.leftSeen = lr, 0, false
		}
		for it.next < len(it.right) {
			i := it.next
			it.next++
			row := it.row(it.leftRow, it.right[i])
			ok, err := sql.EvaluateCondition(ctx, it.cond, row)
			if err != nil {
				return nil, err
			}
			if sql.IsTrue(ok) {
				it.matched[i], it.leftSeen = true, true
				return it.output(row), nil
			}
		}
		lr, seen := it.leftRow, it.leftSeen
		it.leftRow = nil
		if !seen {
			return it.output(it.row(lr, nil)), nil
		}
	}
	for it.next < len(it.right) {
		i := it.next
		it.next++
		if !it.matched[i] {
			return it.output(it.row(nil, it.right[i])), nil
		}
	}
	return nil, io.EOF
}

// row is the outer row, then left's columns (NULL if left is nil), then
// right's (NULL if right is nil).
func (it *fullJoinIter) row(left, right sql.Row) sql.Row {
	row := make(sql.Row, len(it.parent)+it.leftLen+it.rightLen)
	copy(row, it.parent)
	copy(row[len(it.parent):], left)
	copy(row[len(it.parent)+it.leftLen:], right)
	return row
}

// output drops the outer row's columns beyond the join's scope, as GMS's
// join iterators do.
func (it *fullJoinIter) output(r sql.Row) sql.Row {
	copy(r[it.scopeLen:], r[len(it.parent):])
	return r[:len(r)-len(it.parent)+it.scopeLen]
}

func (it *fullJoinIter) Close(ctx *sql.Context) error {
	if it.left != nil {
		err := it.left.Close(ctx)
		it.left = nil
		return err
	}
	return nil
}
