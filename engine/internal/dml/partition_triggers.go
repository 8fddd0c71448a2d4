package dml

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// This file fires triggers for rows written through a partitioned table
// (docs 39.1, "Overview of Trigger Behavior", and CREATE TRIGGER): a
// partitioned table's row triggers live on its partitions as clones
// (catalog/partition_triggers.go), so row triggers fire on the partition
// a row is routed to, while statement triggers fire once, on the table
// the statement names:
//   - an INSERT (or COPY) into a partitioned table fires the leaf
//     partition's BEFORE ROW INSERT triggers on each routed row, checks
//     the partition constraint again when the leaf has any, and queues
//     its AFTER ROW INSERT triggers (routeNode);
//   - an UPDATE or DELETE of a table with descendants runs as one
//     statement per table (partition_update.go); each table's row
//     triggers fire there, its statement triggers do not, the named
//     table's fire around the whole (runParts);
//   - a row an UPDATE moves to another partition fires the source's
//     BEFORE / AFTER ROW DELETE and the destination's BEFORE / AFTER ROW
//     INSERT triggers instead of AFTER ROW UPDATE;
//   - a cloned BEFORE ROW INSERT trigger that changes the partition key
//     so the row no longer belongs in its partition is 0A000.

// partsKey is the context key of the running inherited UPDATE / DELETE.
type partsKey struct{}

// partsRun is an UPDATE or DELETE of a tree, run as one statement per
// table: root is the table the statement names.
type partsRun struct {
	root catalog.QName
	// named is the named table's firing set when its statement triggers
	// have transition tables, which gather every part's rows
	named *firingSet
	// byEvent, for MERGE, are the named table's firing sets per event
	// whose transition tables gather the rows of every action (merge.go)
	byEvent map[catalog.TriggerEvent]*firingSet
}

// partsCollector is the named table's firing set a write on table q
// gathers transition rows into (nil when none does).
func partsCollector(ctx *sql.Context, h Host, q catalog.QName) *firingSet {
	pr, ok := ctx.Context.Value(partsKey{}).(*partsRun)
	if !ok || pr.named == nil || !descendsFrom(h.Catalog(), q, pr.root) {
		return nil
	}
	return pr.named
}

// partsCollectorFor is partsCollector for a write of event ev.
func partsCollectorFor(ctx *sql.Context, h Host, q catalog.QName, ev catalog.TriggerEvent) *firingSet {
	pr, ok := ctx.Context.Value(partsKey{}).(*partsRun)
	if ok && pr.byEvent != nil {
		if !descendsFrom(h.Catalog(), q, pr.root) {
			return nil
		}
		return pr.byEvent[ev]
	}
	return partsCollector(ctx, h, q)
}

// gatherNamed adds one part's row, in the part's columns sch, to the
// named table's transition rows.
func gatherNamed(named *firingSet, sch sql.Schema, oldVals, newVals []any) {
	conv := func(v []any) []any {
		if v == nil {
			return nil
		}
		return mapRow(sch, named.sch, v)
	}
	named.gather(conv(oldVals), conv(newVals))
}

// inheritedPart reports whether a write on table q is one part of an
// UPDATE or DELETE of q's tree, whose statement triggers are the named
// table's, fired once by runParts.
func inheritedPart(ctx *sql.Context, h Host, q catalog.QName) bool {
	pr, ok := ctx.Context.Value(partsKey{}).(*partsRun)
	return ok && descendsFrom(h.Catalog(), q, pr.root)
}

// dropMoved forgets the AFTER ROW UPDATE firings of the row last
// returned when the UPDATE moved it to another partition.
func (it *triggerIter) dropMoved() {
	if it.move != nil && it.move.moved {
		it.move.moved = false
		it.pending = it.pending[:0]
	}
}

// checkCloneMove refuses a row a cloned BEFORE ROW INSERT trigger moved
// out of its partition, as PostgreSQL does (ExecBRInsertTriggers).
func (fs *firingSet) checkCloneMove(h Host, ctx *sql.Context, tg *catalog.Trigger, row []any) error {
	if tg.Parent == 0 || fs.event != catalog.EventInsert || !fs.partition {
		return nil
	}
	if fs.router == nil {
		fs.router = NewRouter(h)
	}
	fits, err := fs.router.Fits(ctx, fs.table, fs.sch, row)
	if err != nil || fits {
		return err
	}
	return pgerror.New(pgerror.FeatureNotSupported, "moving row to another partition during a BEFORE FOR EACH ROW trigger is not supported").
		WithDetail("Before executing trigger %q, the row was to be in partition \"%s.%s\".", tg.Name, fs.table.Schema, fs.table.Name)
}

// routedInsert is one row routed from a partitioned table into its leaf
// partition with the leaf's INSERT row triggers fired.
type routedInsert struct {
	leaf  *storage.Table
	row   sql.Row // in the leaf's column order
	after []AfterEvent
	skip  bool // a BEFORE trigger returned NULL
}

// insertTriggers is the leaf's INSERT firing set, once per statement.
func (r *Router) insertTriggers(leaf *storage.Table) *firingSet {
	if r.fires == nil {
		r.fires = map[catalog.QName]*firingSet{}
	}
	q := tableQName(leaf)
	fs, ok := r.fires[q]
	if !ok {
		fs = triggersOn(r.h, q, leaf.Schema(), catalog.EventInsert, nil)
		fs.router = r
		r.fires[q] = fs
	}
	return fs
}

// routeWithTriggers routes a row written to t (in t's column order) and
// fires the INSERT row triggers of the partition it lands in.
func (r *Router) routeWithTriggers(ctx *sql.Context, t *storage.Table, row sql.Row) (routedInsert, error) {
	leaf, leafRow, err := r.Route(ctx, t, row)
	if err != nil {
		return routedInsert{}, err
	}
	out := routedInsert{leaf: leaf, row: leafRow}
	if leaf == t || !r.cat.HasAnyTriggers() {
		return out, nil
	}
	fs := r.insertTriggers(leaf)
	if len(fs.triggers) == 0 {
		return out, nil
	}
	keep, vals, err := fireBeforeRow(r.h, ctx, fs, fs.values(leafRow), nil) // trigger_cascade.go
	if err != nil || !keep {
		out.skip = true
		return out, err
	}
	for _, tg := range fs.triggers {
		if tg.ForEachRow && tg.Timing == catalog.TimingBefore {
			// a BEFORE trigger may have changed the key (ExecInsert checks
			// the partition constraint again then)
			if err := r.checkConstraint(ctx, tableQName(leaf), leaf.Schema(), vals); err != nil {
				return out, err
			}
			break
		}
	}
	out.row = vals
	if out.after, err = afterRow(r.h, ctx, fs, vals, nil, nil); err != nil {
		return out, err
	}
	return out, nil
}

// routeNode is the row source of an INSERT into a partitioned table
// whose partitions have triggers: it fires each row's leaf triggers and
// returns the row as they left it (routeEditor then stores it in the
// leaf, and RETURNING reads it).
type routeNode struct {
	plan.UnaryNode
	table *storage.Table
}

var _ sql.ExecSourceRel = (*routeNode)(nil)

func (n *routeNode) String() string   { return fmt.Sprintf("PartitionTriggers(%s)", n.table.Name()) }
func (n *routeNode) IsReadOnly() bool { return false }
func (n *routeNode) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(ch), 1)
	}
	c := *n
	c.Child = ch[0]
	return &c, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (n *routeNode) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, n.Child)
}

// RowIter implements sql.ExecSourceRel.
func (n *routeNode) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	h, ok := hostOf(ctx)
	child, err := rowexec.DefaultBuilder.Build(ctx, n.Child, row)
	if err != nil || !ok {
		return child, err
	}
	return &routeIter{h: h, child: child, table: n.table, router: NewRouter(h)}, nil
}

// routeIter fires the leaf triggers of each row; a row's AFTER firings
// are queued once the INSERT asks for the next row (it stored this
// one), as triggerIter does.
type routeIter struct {
	h       Host
	child   sql.RowIter
	table   *storage.Table
	router  *Router
	pending []AfterEvent
	done    bool
}

func (it *routeIter) Next(ctx *sql.Context) (sql.Row, error) {
	for _, e := range it.pending {
		queueAfter(it.h, e)
	}
	it.pending = nil
	width := len(it.table.Schema())
	for {
		row, err := it.child.Next(ctx)
		if err == io.EOF {
			it.done = true
		}
		if err != nil {
			return nil, err
		}
		if len(row) < width {
			return row, nil
		}
		prefix, vals := row[:len(row)-width], row[len(row)-width:]
		ri, err := it.router.routeWithTriggers(ctx, it.table, append(sql.Row(nil), vals...))
		if err != nil {
			return nil, err
		}
		if ri.skip {
			continue
		}
		it.pending = ri.after
		return append(append(sql.Row{}, prefix...), mapRow(ri.leaf.Schema(), it.table.Schema(), ri.row)...), nil
	}
}

func (it *routeIter) Close(ctx *sql.Context) error {
	if it.done {
		for _, e := range it.pending {
			queueAfter(it.h, e)
		}
	}
	it.pending = nil
	return it.child.Close(ctx)
}

// namedStatementTriggers fires the BEFORE STATEMENT triggers of the
// table an UPDATE or DELETE of a tree names and queues its AFTER
// STATEMENT ones; the parts fire none of their own. The set is returned
// when those have transition tables, which the parts fill.
func namedStatementTriggers(h Host, ctx *sql.Context, q catalog.QName, tag string, setCols []string) (*firingSet, error) {
	if !h.Catalog().HasTriggers(q) {
		return nil, nil
	}
	t, ok, err := h.StorageTable(ctx, q.Schema, q.Name)
	if err != nil || !ok {
		return nil, err
	}
	ev := catalog.EventUpdate
	if tag == "DELETE" {
		ev = catalog.EventDelete
	}
	fs := triggersOn(h, q, t.Schema(), ev, setCols)
	if err := fireStatementTriggers(h, ctx, fs, catalog.TimingBefore); err != nil {
		return nil, err
	}
	queueStatementTriggers(h, fs)
	if !fs.collect {
		return nil, nil
	}
	return fs, nil
}

// partCheckError names the table of one part of an UPDATE of a tree in
// a CHECK violation of a constraint the table has, which the session
// would otherwise give the named table (the statement's target).
func partCheckError(h Host, ctx *sql.Context, err error, q catalog.QName) error {
	var wrapped sql.WrappedInsertError
	cause := err
	if errors.As(err, &wrapped) {
		cause = wrapped.Cause
	}
	if !sql.ErrCheckConstraintViolated.Is(cause) {
		return err
	}
	msg := cause.Error()
	i, j := strings.IndexByte(msg, '"'), strings.LastIndexByte(msg, '"')
	if i < 0 || j <= i {
		return err
	}
	name, uerr := strconv.Unquote(msg[i : j+1])
	if uerr != nil {
		return err
	}
	t, ok, terr := h.StorageTable(ctx, q.Schema, q.Name)
	if terr != nil || !ok {
		return err
	}
	checks, cerr := t.GetChecks(ctx)
	if cerr != nil {
		return err
	}
	for _, c := range checks {
		if c.Name == name {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Schema: q.Schema, Table: q.Name, Constraint: name,
				Message: fmt.Sprintf("new row for relation %q violates check constraint %q", q.Name, name)}
		}
	}
	return err
}
