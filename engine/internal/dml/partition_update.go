package dml

import (
	"context"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// This file runs UPDATE and DELETE on a table with descendants (docs
// 5.10, 5.11.2): translate expands the statement into one statement per
// table of the tree (DML.Parts) and runParts runs them as one. An UPDATE
// of a partition checks the partition constraint on each new row; when
// the statement named a partitioned ancestor, a row whose partition no
// longer accepts it moves (docs 5.11.2.3: deleted from its partition and
// inserted through the partitioned table), after every part has run, so
// a moved row is not updated twice.

// moveKey is the context key of the running statement's partitionMove.
type moveKey struct{}

// partitionMove collects the rows an UPDATE through a partitioned table
// moves out of their partitions.
type partitionMove struct {
	root    catalog.QName
	rootTbl *storage.Table
	rows    []movedRow
	// moved: the row the UPDATE last wrote moved (triggerIter drops its
	// AFTER ROW UPDATE firings)
	moved bool
}

// movedRow is a row deleted from its partition, to be inserted through
// the root: the new row in the root's column order and the AFTER ROW
// DELETE firings of its source partition.
type movedRow struct {
	row   sql.Row
	after []AfterEvent
}

// runParts runs an UPDATE or DELETE expanded over an inheritance tree.
func runParts(h Host, gctx *sql.Context, d *translate.DML) (Result, error) {
	ctx := gctx
	var mv *partitionMove
	if d.Root != (catalog.QName{}) {
		rt, ok, err := h.StorageTable(gctx, d.Root.Schema, d.Root.Name)
		if err != nil {
			return Result{}, err
		}
		if ok {
			mv = &partitionMove{root: d.Root, rootTbl: rt}
			ctx = gctx.WithContext(context.WithValue(gctx.Context, moveKey{}, mv))
		}
	}
	if d.Named != (catalog.QName{}) && h.Catalog().HasAnyTriggers() {
		named, err := namedStatementTriggers(h, gctx, d.Named, d.Parts[0].Tag, d.SetCols) // partition_triggers.go
		if err != nil {
			return Result{}, err
		}
		ctx = ctx.WithContext(context.WithValue(ctx.Context, partsKey{}, &partsRun{root: d.Named, named: named}))
	}
	var out Result
	for i, p := range d.Parts {
		r, err := RunResult(h, ctx, p)
		if err != nil {
			if i < len(d.PartTables) {
				err = partCheckError(h, gctx, err, d.PartTables[i]) // partition_triggers.go
			}
			return Result{}, err
		}
		if i == 0 {
			out.Schema, out.Types = r.Schema, r.Types
		}
		out.OK = out.OK || r.OK
		out.Rows = append(out.Rows, r.Rows...)
		out.Affected += r.Affected
	}
	if mv != nil && len(mv.rows) > 0 {
		router := NewRouter(h)
		for _, mr := range mv.rows {
			for _, e := range mr.after {
				queueAfter(h, e)
			}
			ri, err := router.routeWithTriggers(gctx, mv.rootTbl, mr.row) // partition_triggers.go
			if err != nil {
				return Result{}, err
			}
			if ri.skip {
				continue
			}
			if err := router.checkLeaf(gctx, mv.rootTbl, ri.leaf, ri.row); err != nil { // partition_checks.go
				return Result{}, err
			}
			if err := ri.leaf.Inserter(gctx).Insert(gctx, ri.row); err != nil {
				return Result{}, err
			}
			for _, e := range ri.after {
				queueAfter(h, e)
			}
		}
	}
	return out, nil
}

// checkPartitionUpdates puts a partitionUpdate under each UPDATE of a
// partition.
func checkPartitionUpdates(ctx *sql.Context, n sql.Node) sql.Node {
	h, ok := hostOf(ctx)
	if !ok || !h.Catalog().HasInheritance() {
		return n
	}
	cat := h.Catalog()
	out, _, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		w, ok := n.(*plan.Update)
		if !ok || w.IsJoin {
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
		if _, done := up.(*partitionUpdate); done {
			return n, transform.SameTree, nil
		}
		if inh := cat.Inherits(tableQName(t)); inh == nil || inh.Spec == nil {
			return n, transform.SameTree, nil
		}
		child, same, err := transform.Node(w.Child, func(c sql.Node) (sql.Node, transform.TreeIdentity, error) {
			us, ok := c.(*plan.UpdateSource)
			if !ok {
				return c, transform.SameTree, nil
			}
			nu, err := us.WithChildren(&partitionUpdate{UnaryNode: plan.UnaryNode{Child: us.Child}, table: t})
			return nu, transform.NewTree, err
		})
		if err != nil || same == transform.SameTree {
			return n, transform.SameTree, nil
		}
		nu, err := w.WithChildren(child)
		return nu, transform.NewTree, err
	})
	if err != nil {
		return n
	}
	return out
}

// partitionUpdate is the row source of an UPDATE of a partition; GMS
// takes the table's updater from it, which checks or moves new rows.
type partitionUpdate struct {
	plan.UnaryNode
	table *storage.Table
}

var (
	_ sql.ExecSourceRel      = (*partitionUpdate)(nil)
	_ sql.UpdatableTable     = (*partitionUpdate)(nil)
	_ sql.TableWrapper       = (*partitionUpdate)(nil)
	_ sql.CollationCoercible = (*partitionUpdate)(nil)
)

func (n *partitionUpdate) Name() string { return n.table.Name() }
func (n *partitionUpdate) String() string {
	return fmt.Sprintf("PartitionConstraint(%s)", n.table.Name())
}
func (n *partitionUpdate) IsReadOnly() bool           { return false }
func (n *partitionUpdate) Underlying() sql.Table      { return n.table }
func (n *partitionUpdate) Collation() sql.CollationID { return n.table.Collation() }

// Partitions implements sql.Table.
func (n *partitionUpdate) Partitions(ctx *sql.Context) (sql.PartitionIter, error) {
	return n.table.Partitions(ctx)
}

// PartitionRows implements sql.Table.
func (n *partitionUpdate) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	return n.table.PartitionRows(ctx, p)
}

func (n *partitionUpdate) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(ch), 1)
	}
	c := *n
	c.Child = ch[0]
	return &c, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (n *partitionUpdate) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, n.Child)
}

// RowIter implements sql.ExecSourceRel: the rows are the child's.
func (n *partitionUpdate) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	return rowexec.DefaultBuilder.Build(ctx, n.Child, row)
}

// Updater implements sql.UpdatableTable.
func (n *partitionUpdate) Updater(ctx *sql.Context) sql.RowUpdater {
	h, _ := hostOf(ctx)
	mv, _ := ctx.Context.Value(moveKey{}).(*partitionMove)
	return &partitionUpdater{RowUpdater: n.table.Updater(ctx), table: n.table, router: NewRouter(h), move: mv}
}

// partitionUpdater checks each new row against the partition constraint.
type partitionUpdater struct {
	sql.RowUpdater
	table  *storage.Table
	router *Router
	move   *partitionMove
}

// Update implements sql.RowUpdater.
func (u *partitionUpdater) Update(ctx *sql.Context, old, new sql.Row) error {
	q := tableQName(u.table)
	err := u.router.checkConstraint(ctx, q, u.table.Schema(), new)
	if err == nil {
		return u.RowUpdater.Update(ctx, old, new)
	}
	if u.move == nil || !descendsFrom(u.router.cat, q, u.move.root) {
		return err
	}
	if pe, ok := err.(*pgerror.Error); !ok || pe.Code != pgerror.CheckViolation {
		return err
	}
	del, ok := u.RowUpdater.(sql.RowDeleter)
	if !ok {
		return err
	}
	// the move is a DELETE from this partition: its DELETE row triggers
	// fire (docs 39.1)
	var after []AfterEvent
	if u.router.cat.HasAnyTriggers() {
		fs := triggersOn(u.router.h, q, u.table.Schema(), catalog.EventDelete, nil)
		keep, _, err := fireBeforeRow(u.router.h, ctx, fs, nil, fs.values(old))
		if err != nil {
			return err
		}
		if !keep {
			u.move.moved = true
			return nil
		}
		if after, err = afterRow(u.router.h, ctx, fs, nil, fs.values(old), nil); err != nil {
			return err
		}
	}
	if err := del.Delete(ctx, old); err != nil {
		return err
	}
	u.move.moved = true
	u.move.rows = append(u.move.rows, movedRow{row: mapRow(u.table.Schema(), u.move.rootTbl.Schema(), new), after: after})
	return nil
}

// descendsFrom reports whether q is root or below it.
func descendsFrom(cat *catalog.Catalog, q, root catalog.QName) bool {
	for i := 0; i < 64; i++ {
		if q == root {
			return true
		}
		inh := cat.Inherits(q)
		if inh == nil || len(inh.Parents) == 0 {
			return false
		}
		q = inh.Parents[0]
	}
	return false
}
