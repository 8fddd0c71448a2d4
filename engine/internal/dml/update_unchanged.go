package dml

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// PostgreSQL's UPDATE writes a new version of every row it matches, even
// one whose values do not change, and the new version goes to the end of
// the table's heap (storage/heap.go), which a later unordered scan shows.
// GMS's UPDATE skips the rows whose new values equal the old ones, so an
// unchangedNode under each UPDATE on a storage table passes the old/new
// pairs through and rewrites the unchanged rows itself.

// rewriteUnchanged puts an unchangedNode under every single-table UPDATE
// of a storage table in n.
func rewriteUnchanged(n sql.Node) sql.Node {
	if _, ok := n.(*plan.InsertInto); ok {
		// the walk below visits an INSERT's destination table only (its
		// source is not a child): no UPDATE to find, and the walk was
		// three allocations of every INSERT
		return n
	}
	out, _, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		w, ok := n.(*plan.Update)
		if !ok || w.IsJoin {
			return n, transform.SameTree, nil
		}
		if _, done := w.Child.(*unchangedNode); done {
			return n, transform.SameTree, nil
		}
		up, err := plan.GetUpdatable(w.Child)
		if err != nil {
			return n, transform.SameTree, nil
		}
		t := underlyingTable(up)
		if t == nil {
			return n, transform.SameTree, nil
		}
		nu, err := w.WithChildren(&unchangedNode{UnaryNode: plan.UnaryNode{Child: w.Child}, table: t})
		if err != nil {
			return n, transform.SameTree, nil
		}
		return nu, transform.NewTree, nil
	})
	if err != nil {
		return n
	}
	return out
}

type unchangedNode struct {
	plan.UnaryNode
	table *storage.Table
}

var _ sql.ExecSourceRel = (*unchangedNode)(nil)

func (n *unchangedNode) String() string   { return fmt.Sprintf("RewriteUnchanged(%s)", n.table.Name()) }
func (n *unchangedNode) IsReadOnly() bool { return false }
func (n *unchangedNode) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(ch), 1)
	}
	c := *n
	c.Child = ch[0]
	return &c, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (n *unchangedNode) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, n.Child)
}

// RowIter implements sql.ExecSourceRel.
func (n *unchangedNode) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	child, err := rowexec.DefaultBuilder.Build(ctx, n.Child, row)
	if err != nil {
		return nil, err
	}
	return &unchangedIter{child: child, table: n.table, schema: n.table.Schema()}, nil
}

type unchangedIter struct {
	child  sql.RowIter
	table  *storage.Table
	schema sql.Schema
}

// Next passes each old/new pair on, first rewriting the row when the two
// halves are equal (GMS will not hand it to the updater).
func (it *unchangedIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.child.Next(ctx)
	if err != nil {
		return nil, err
	}
	half := len(row) / 2
	if half != len(it.schema) || len(row) != 2*half {
		return row, nil
	}
	old, new := row[:half], row[half:]
	if eq, err := old.Equals(ctx, new, it.schema); err == nil && eq {
		if err := it.table.Rewrite(ctx, old); err != nil {
			return nil, err
		}
	}
	return row, nil
}

func (it *unchangedIter) Close(ctx *sql.Context) error { return it.child.Close(ctx) }
