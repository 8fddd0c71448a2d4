package dml

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// This file fires triggers (docs 39.1, "Overview of Trigger Behavior").
// Every INSERT, UPDATE and DELETE GMS executes — plain statements, the
// steps of DML programs (ON CONFLICT, UPDATE ... FROM, DELETE ... USING,
// data-modifying WITH), and statements inside routines — passes its rows
// through a triggerNode put between the write and its row source by an
// analyzer rule that replaces GMS's own (MySQL) trigger rule:
//   - BEFORE STATEMENT triggers fire when the write starts;
//   - BEFORE ROW triggers see each row before constraints are checked and
//     may replace NEW or skip the row (return NULL);
//   - AFTER ROW and AFTER STATEMENT triggers are queued and fire when the
//     statement has finished (the session's finish, or the end of a statement
//     inside a routine), so they see all of its changes.
// An error anywhere aborts the statement, which rolls everything back.

// BuildWrites builds the iterators of an analyzed plan with inner, the
// engine's exec builder, once writes on tables with triggers have their
// triggerNode: the session's exec builder calls it for every plan. (Doing
// this at build time rather than in an analyzer rule covers GMS's fast
// paths for simple INSERT / UPDATE / DELETE, which run package-level rule
// lists.)
func BuildWrites(ctx *sql.Context, inner sql.NodeExecBuilder, n sql.Node, r sql.Row) (sql.RowIter, error) {
	n = routeInserts(ctx, n)          // partition_route.go
	n = checkPartitionUpdates(ctx, n) // partition_update.go
	n, _, err := applyTinybaseTriggers(ctx, nil, n, nil, nil, nil)
	if err != nil {
		return nil, err
	}
	actionsNotNull(ctx, n)  // fk_not_null.go; before the trigger editors, which wrap it
	cascadeTriggers(ctx, n) // trigger_cascade.go
	n = rewriteUnchanged(n) // update_unchanged.go
	return inner.Build(ctx, n, r)
}

// applyTinybaseTriggers wraps the row source of a write on a table that
// has triggers for its event.
func applyTinybaseTriggers(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	h, ok := hostOf(ctx)
	if !ok || !h.Catalog().HasAnyTriggers() {
		return n, transform.SameTree, nil
	}
	cat := h.Catalog()
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch w := n.(type) {
		case *plan.InsertInto:
			t := storageTable(w.Destination)
			if t == nil || !hasTriggersFor(cat, t, catalog.EventInsert) {
				return n, transform.SameTree, nil
			}
			if _, done := w.Source.(*triggerNode); done {
				return n, transform.SameTree, nil
			}
			return w.WithSource(newTriggerNode(w.Source, t, catalog.EventInsert, nil)), transform.NewTree, nil
		case *plan.Update:
			if _, done := w.Child.(*triggerNode); done || w.IsJoin {
				return n, transform.SameTree, nil
			}
			up, err := plan.GetUpdatable(w.Child)
			if err != nil {
				return n, transform.SameTree, nil
			}
			t := underlyingTable(up)
			if t == nil || !hasTriggersFor(cat, t, catalog.EventUpdate) && partsCollector(ctx, h, tableQName(t)) == nil {
				return n, transform.SameTree, nil
			}
			// the SET list, for UPDATE OF: the UpdateSource may sit under
			// wrappers (a foreign key's handler) rather than be the child
			var cols []string
			var us *plan.UpdateSource
			transform.Inspect(w.Child, func(n sql.Node) bool {
				if u, ok := n.(*plan.UpdateSource); ok && us == nil {
					us = u
				}
				return us == nil
			})
			if us != nil {
				for _, e := range us.UpdateExprs {
					if sf, ok := e.(*expression.SetField); ok {
						if gf, ok := sf.LeftChild.(*expression.GetField); ok {
							cols = append(cols, gf.Name())
						}
					}
				}
			}
			nu, err := w.WithChildren(newTriggerNode(w.Child, t, catalog.EventUpdate, cols))
			return nu, transform.NewTree, err
		case *plan.Truncate:
			// GMS turns an unfiltered DELETE into TRUNCATE; DELETE
			// triggers need it to stay a DELETE
			t := underlyingTable(tableOf(w.Child))
			if t == nil || !hasTriggersFor(cat, t, catalog.EventDelete) && partsCollector(ctx, h, tableQName(t)) == nil {
				return n, transform.SameTree, nil
			}
			return plan.NewDeleteFrom(newTriggerNode(w.Child, t, catalog.EventDelete, nil), nil), transform.NewTree, nil
		case *plan.DeleteFrom:
			if _, done := w.Child.(*triggerNode); done || w.HasExplicitTargets() {
				return n, transform.SameTree, nil
			}
			del, err := plan.GetDeletable(w.Child)
			if err != nil {
				return n, transform.SameTree, nil
			}
			t := underlyingTable(del)
			if t == nil || !hasTriggersFor(cat, t, catalog.EventDelete) && partsCollector(ctx, h, tableQName(t)) == nil {
				return n, transform.SameTree, nil
			}
			nd, err := w.WithChildren(newTriggerNode(w.Child, t, catalog.EventDelete, nil))
			return nd, transform.NewTree, err
		}
		return n, transform.SameTree, nil
	})
}

// tableOf finds the table a node reads.
func tableOf(n sql.Node) any {
	var out any
	transform.Inspect(n, func(n sql.Node) bool {
		if rt, ok := n.(*plan.ResolvedTable); ok && out == nil {
			out = rt.Table
		}
		return out == nil
	})
	return out
}

// storageTable finds the tinybase table an INSERT writes.
func storageTable(n sql.Node) *storage.Table {
	ins, err := plan.GetInsertable(n)
	if err != nil {
		return nil
	}
	return underlyingTable(ins)
}

// underlyingTable unwraps what GMS writes through (index access, foreign
// key handlers, wrappers) down to the tinybase table.
func underlyingTable(x any) *storage.Table {
	for i := 0; i < 8; i++ {
		switch t := x.(type) {
		case *storage.Table:
			return t
		case *storage.IndexedTable:
			return t.Table
		case *plan.ForeignKeyHandler:
			x = t.Table
		case sql.TableWrapper:
			x = t.Underlying()
		default:
			return nil
		}
	}
	return nil
}

func tableQName(t *storage.Table) catalog.QName {
	return catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
}

func hasTriggersFor(cat *catalog.Catalog, t *storage.Table, ev catalog.TriggerEvent) bool {
	for _, tg := range cat.Triggers(tableQName(t)) {
		if tg.Events&ev != 0 {
			return true
		}
	}
	return false
}

// triggerNode passes a write's rows through the table's triggers.
type triggerNode struct {
	plan.UnaryNode
	table   *storage.Table
	builder sql.NodeExecBuilder
	event   catalog.TriggerEvent
	setCols []string // UPDATE: the columns SET assigns (for UPDATE OF)
}

var _ sql.ExecSourceRel = (*triggerNode)(nil)

func newTriggerNode(child sql.Node, t *storage.Table, ev catalog.TriggerEvent, cols []string) *triggerNode {
	return &triggerNode{UnaryNode: plan.UnaryNode{Child: child}, table: t, event: ev, setCols: cols, builder: rowexec.DefaultBuilder}
}

func (n *triggerNode) String() string   { return fmt.Sprintf("Triggers(%s)", n.table.Name()) }
func (n *triggerNode) IsReadOnly() bool { return false }
func (n *triggerNode) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(ch), 1)
	}
	c := *n
	c.Child = ch[0]
	return &c, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (n *triggerNode) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, n.Child)
}

// RowIter fires BEFORE STATEMENT triggers, queues AFTER STATEMENT ones
// and returns the iterator that fires row triggers.
func (n *triggerNode) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	h, ok := hostOf(ctx)
	if !ok {
		return n.builder.Build(ctx, n.Child, row)
	}
	ts := tableTriggers(h, n.table, n.event, n.setCols)
	if !inheritedPart(ctx, h, tableQName(n.table)) { // partition_triggers.go
		if err := fireStatementTriggers(h, ctx, ts, catalog.TimingBefore); err != nil {
			return nil, err
		}
		queueStatementTriggers(h, ts)
	}
	child, err := n.builder.Build(ctx, n.Child, row)
	if err != nil {
		return nil, err
	}
	mv, _ := ctx.Context.Value(moveKey{}).(*partitionMove)
	return &triggerIter{h: h, child: child, ts: ts, move: mv, named: partsCollectorFor(ctx, h, tableQName(n.table), n.event)}, nil
}

// firingSet is a table's triggers for one event, in firing order.
type firingSet struct {
	table    catalog.QName
	tableOID uint32
	event    catalog.TriggerEvent
	cols     []routine.Column
	width    int
	triggers []*catalog.Trigger
	fns      map[uint32]*catalog.Function
	// sch is the table's columns; collect is set when a trigger has
	// transition tables, whose rows the write gathers in oldRows and
	// newRows (trigger_transition.go).
	sch              sql.Schema
	collect          bool
	oldRows, newRows [][]any
	// partition: the table is a partition, whose cloned BEFORE INSERT
	// triggers must keep the row in it (partition_triggers.go)
	partition bool
	router    *Router
}

// tableTriggers collects the enabled triggers on t for ev.
func tableTriggers(h Host, t *storage.Table, ev catalog.TriggerEvent, setCols []string) *firingSet {
	return triggersOn(h, tableQName(t), t.Schema(), ev, setCols)
}

// triggersOn collects the enabled triggers on the table q (columns sch)
// for ev.
func triggersOn(h Host, q catalog.QName, sch sql.Schema, ev catalog.TriggerEvent, setCols []string) *firingSet {
	cat := h.Catalog()
	fs := &firingSet{table: q, event: ev, width: len(sch), sch: sch, fns: map[uint32]*catalog.Function{}}
	// TG_RELID: pg_class's OID of the table (a view's own, for INSTEAD OF)
	fs.tableOID = pgcatalog.RelationOID(q.Schema, q.Name)
	if v, ok := cat.View(q); ok {
		fs.tableOID = v.OID
	}
	for _, c := range sch {
		fs.cols = append(fs.cols, routine.Column{Name: c.Name, Type: expr.FromGMSType(c.Type)})
	}
	if inh := cat.Inherits(q); inh != nil && inh.Spec != nil {
		fs.partition = true
	}
	_, parted := cat.Partitioned(q)
	replica := h.ReplicaRole()
	for _, tg := range cat.Triggers(fs.table) {
		if tg.Events&ev == 0 || !catalog.Fires(tg.Enabled, replica) {
			continue
		}
		if parted && tg.ForEachRow {
			continue // fires as its clones on the partitions
		}
		if ev == catalog.EventUpdate && len(tg.Columns) > 0 && !anyIn(tg.Columns, setCols) {
			continue
		}
		fn, ok := cat.FunctionByOID(tg.Function)
		if !ok {
			continue
		}
		fs.fns[tg.Function] = fn
		fs.triggers = append(fs.triggers, tg)
		if tg.OldTable != "" || tg.NewTable != "" {
			fs.collect = true
		}
	}
	return fs
}

func anyIn(want, have []string) bool {
	for _, w := range want {
		for _, h := range have {
			if w == h {
				return true
			}
		}
	}
	return false
}

func eventName(ev catalog.TriggerEvent) string {
	switch ev {
	case catalog.EventInsert:
		return "INSERT"
	case catalog.EventUpdate:
		return "UPDATE"
	case catalog.EventDelete:
		return "DELETE"
	}
	return "TRUNCATE"
}

// data builds TG_* for one firing.
func (fs *firingSet) data(tg *catalog.Trigger, newRow, oldRow []any) *routine.TriggerData {
	level := "STATEMENT"
	if tg.ForEachRow {
		level = "ROW"
	}
	return &routine.TriggerData{Name: tg.Name, When: tg.Timing, Level: level, Op: eventName(fs.event),
		TableOID: fs.tableOID, TableName: fs.table.Name, Schema: fs.table.Schema, Args: tg.Args,
		Columns: fs.cols, New: newRow, Old: oldRow}
}

// fireStatementTriggers runs the FOR EACH STATEMENT triggers of a timing.
func fireStatementTriggers(h Host, ctx *sql.Context, fs *firingSet, timing string) error {
	for _, tg := range fs.triggers {
		if tg.ForEachRow || tg.Timing != timing {
			continue
		}
		if _, err := h.CallTriggerFunction(ctx, fs.fns[tg.Function], fs.data(tg, nil, nil)); err != nil {
			return err
		}
	}
	return nil
}

// AfterEvent is a queued AFTER trigger firing.
type AfterEvent struct {
	fs       *firingSet
	tg       *catalog.Trigger
	new, old []any
}

// queueStatementTriggers queues the AFTER STATEMENT triggers.
func queueStatementTriggers(h Host, fs *firingSet) {
	for _, tg := range fs.triggers {
		if !tg.ForEachRow && tg.Timing == catalog.TimingAfter {
			queueAfter(h, AfterEvent{fs: fs, tg: tg})
		}
	}
}

func queueAfter(h Host, e AfterEvent) {
	after := h.AfterQueue()
	if len(*after) == 0 {
		*after = append(*after, nil)
	}
	top := len(*after) - 1
	(*after)[top] = append((*after)[top], e)
}

// FireAfterTriggers runs the current level's queued AFTER triggers when
// the statement succeeded (err nil) and drops them otherwise. Triggers
// queued while these run (by the trigger functions' own statements)
// fire at the end of those statements.
func FireAfterTriggers(h Host, err error) error {
	after := h.AfterQueue()
	if len(*after) == 0 {
		return err
	}
	top := len(*after) - 1
	queue := (*after)[top]
	(*after)[top] = nil
	if err != nil || len(queue) == 0 {
		return err
	}
	ctx := h.GMSContext(context.Background())
	// AFTER ROW firings come before AFTER STATEMENT ones
	sort.SliceStable(queue, func(i, j int) bool { return queue[i].tg.ForEachRow && !queue[j].tg.ForEachRow })
	for i := 0; i < len(queue); i++ {
		e := queue[i]
		if e.tg.Constraint && h.DeferTrigger(e) {
			continue
		}
		if _, err := callTrigger(h, ctx, e.fs, e.tg, e.new, e.old); err != nil {
			(*after)[top] = nil
			return err
		}
		queue = append(queue, (*after)[top]...)
		(*after)[top] = nil
	}
	return nil
}

// Trigger is the trigger the firing calls.
func (e AfterEvent) Trigger() *catalog.Trigger { return e.tg }

// FireDeferred runs constraint trigger firings kept by Host.DeferTrigger.
func FireDeferred(h Host, events []AfterEvent) error {
	ctx := h.GMSContext(context.Background())
	for _, e := range events {
		if _, err := callTrigger(h, ctx, e.fs, e.tg, e.new, e.old); err != nil {
			return err
		}
	}
	return nil
}

// triggerIter fires row triggers for each row of a write.
type triggerIter struct {
	h     Host
	child sql.RowIter
	ts    *firingSet
	// pending are the AFTER ROW firings of the row last returned: queued
	// once the write asks for the next row (so it succeeded), dropped if
	// the write fails (ON CONFLICT retries a row under a savepoint).
	pending []AfterEvent
	done    bool
	// move is the running UPDATE's row movement, which drops the AFTER
	// UPDATE firings of a row it moved (they become DELETE and INSERT)
	move *partitionMove
	// named gathers the rows for the transition tables of the named
	// table's statement triggers (partition_triggers.go)
	named *firingSet
}

func (it *triggerIter) Next(ctx *sql.Context) (sql.Row, error) {
	fs := it.ts
	it.dropMoved()
	for _, e := range it.pending {
		queueAfter(it.h, e)
	}
	it.pending = it.pending[:0]
	for {
		row, err := it.child.Next(ctx)
		if err == io.EOF {
			it.done = true
		}
		if err != nil {
			return nil, err
		}
		var prefix, oldRow, newRow sql.Row
		switch fs.event {
		case catalog.EventInsert:
			prefix, newRow = row[:len(row)-fs.width], row[len(row)-fs.width:]
		case catalog.EventDelete:
			prefix, oldRow = row[:len(row)-fs.width], row[len(row)-fs.width:]
		case catalog.EventUpdate:
			if len(row) < 2*fs.width {
				return row, nil
			}
			prefix = row[:len(row)-2*fs.width]
			oldRow, newRow = row[len(row)-2*fs.width:len(row)-fs.width], row[len(row)-fs.width:]
		}
		oldVals, newVals := fs.values(oldRow), fs.values(newRow)
		keep, newVals, err := fireBeforeRow(it.h, ctx, fs, newVals, oldVals) // trigger_cascade.go
		if err != nil {
			return nil, err
		}
		if !keep {
			continue
		}
		if fs.collect {
			fs.gather(oldVals, newVals)
		}
		if it.named != nil {
			gatherNamed(it.named, fs.sch, oldVals, newVals)
		}
		if it.pending, err = afterRow(it.h, ctx, fs, newVals, oldVals, it.pending); err != nil {
			return nil, err
		}
		out := append(sql.Row{}, prefix...)
		switch fs.event {
		case catalog.EventInsert:
			out = append(out, newVals...)
		case catalog.EventDelete:
			out = append(out, oldRow...)
		case catalog.EventUpdate:
			out = append(append(out, oldRow...), newVals...)
		}
		return out, nil
	}
}

// afterRow appends the AFTER ROW firings of fs for one row to pending.
func afterRow(h Host, ctx *sql.Context, fs *firingSet, newVals, oldVals []any, pending []AfterEvent) ([]AfterEvent, error) {
	for _, tg := range fs.triggers {
		if !tg.ForEachRow || tg.Timing != catalog.TimingAfter {
			continue
		}
		fire, err := triggerWhen(h, ctx, fs, tg, newVals, oldVals)
		if err != nil {
			return nil, err
		}
		if fire {
			pending = append(pending, AfterEvent{fs: fs, tg: tg, new: newVals, old: oldVals})
		}
	}
	return pending, nil
}

// Close ends the write. The last row's AFTER firings are queued only when
// the write consumed every row (a failed write stops early; its
// statement or savepoint rolls back).
func (it *triggerIter) Close(ctx *sql.Context) error {
	it.dropMoved()
	if it.done {
		for _, e := range it.pending {
			queueAfter(it.h, e)
		}
	}
	it.pending = nil
	return it.child.Close(ctx)
}

// values copies a stored row (nil for none).
func (fs *firingSet) values(r sql.Row) []any {
	if r == nil {
		return nil
	}
	return append([]any(nil), r...)
}

// castRow brings a row a trigger returned to the table's column types.
func (fs *firingSet) castRow(r []any) ([]any, error) {
	if len(r) != fs.width {
		return nil, fmt.Errorf("engine: trigger returned %d columns for a table of %d", len(r), fs.width)
	}
	return r, nil
}

// triggerWhen evaluates a trigger's WHEN condition for a row.
func triggerWhen(h Host, ctx *sql.Context, fs *firingSet, tg *catalog.Trigger, newVals, oldVals []any) (bool, error) {
	if tg.When == "" {
		return true, nil
	}
	args := make([]any, 2*fs.width)
	copy(args, newVals)
	copy(args[fs.width:], oldVals)
	rows, err := h.QueryWhen(ctx, tg, func() (string, *routine.Params, error) { return whenStatement(fs, tg) }, args)
	if err != nil {
		return false, err
	}
	if len(rows.Rows) == 0 || len(rows.Rows[0]) == 0 {
		return false, nil
	}
	b, _ := rows.Rows[0][0].(bool)
	return b, nil
}

// whenStatement is a trigger's WHEN condition as a statement over NEW
// and OLD parameters.
func whenStatement(fs *firingSet, tg *catalog.Trigger) (string, *routine.Params, error) {
	names := make([]string, len(fs.cols))
	ptypes := make([]*types.Type, 2*len(fs.cols))
	for i, c := range fs.cols {
		names[i] = c.Name
		ptypes[i], ptypes[len(fs.cols)+i] = c.Type, c.Type
	}
	text, err := translate.TriggerWhenSQL(tg.When, names)
	if err != nil {
		return "", nil, err
	}
	return text, &routine.Params{Types: ptypes}, nil
}

// FireTruncateTriggers runs the TRUNCATE statement triggers of a timing
// on each truncated table.
func FireTruncateTriggers(h Host, ctx *sql.Context, tables []*storage.Table, timing string) error {
	cat := h.Catalog()
	for _, t := range tables {
		if !hasTriggersFor(cat, t, catalog.EventTruncate) {
			continue
		}
		if err := fireStatementTriggers(h, ctx, tableTriggers(h, t, catalog.EventTruncate, nil), timing); err != nil {
			return err
		}
	}
	return nil
}

// NestAfterTriggers opens a statement level for a statement run inside a
// routine (its AFTER triggers fire when it ends, not with the calling
// statement's); the returned function closes it.
func NestAfterTriggers(h Host) func() {
	after := h.AfterQueue()
	if len(*after) == 0 {
		*after = append(*after, nil)
	}
	*after = append(*after, nil)
	n := len(*after)
	return func() { *after = (*after)[:n-1] }
}
