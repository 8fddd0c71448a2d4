package dml

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/catalog"
)

// Foreign key actions fire the referencing table's row triggers (docs
// 39.1: ON DELETE CASCADE / SET NULL / SET DEFAULT and ON UPDATE CASCADE
// are carried out as ordinary deletes and updates of the referencing
// rows, which PostgreSQL's RI triggers issue as SQL).
//
// GMS carries out those actions itself: a write's ForeignKeyHandler holds
// a ForeignKeyEditor per table, whose RefActions reach the referencing
// tables' editors directly, without a plan node a triggerNode could wrap.
// cascadeTriggers therefore wraps, before a write runs, the table editor
// of every referencing table that has row triggers with one that fires
// them around each cascaded delete or update: BEFORE ROW triggers may
// change the new row or skip the row (the referencing row then stays, as
// in PostgreSQL), AFTER ROW triggers are queued with the statement's.

// cascadeTriggers wraps the referencing editors of n's foreign key
// handlers.
func cascadeTriggers(ctx *sql.Context, n sql.Node) {
	h, ok := hostOf(ctx)
	if !ok || !h.Catalog().HasAnyTriggers() {
		return
	}
	seen := map[*plan.ForeignKeyEditor]bool{}
	transform.Inspect(n, func(n sql.Node) bool {
		if fkh, ok := n.(*plan.ForeignKeyHandler); ok && fkh.Editor != nil {
			wrapRefActions(h, fkh.Editor, seen)
		}
		return true
	})
}

func wrapRefActions(h Host, e *plan.ForeignKeyEditor, seen map[*plan.ForeignKeyEditor]bool) {
	if seen[e] {
		return
	}
	seen[e] = true
	cat := h.Catalog()
	for _, ra := range e.RefActions {
		child := ra.Editor
		if child == nil {
			continue
		}
		fk := ra.ForeignKey
		q := catalog.QName{Schema: fk.SchemaName, Name: fk.Table}
		if _, done := child.Editor.(*cascadeEditor); !done && len(cat.Triggers(q)) > 0 {
			child.Editor = &cascadeEditor{ForeignKeyEditor: child.Editor, table: q, schema: child.Schema}
		}
		wrapRefActions(h, child, seen)
	}
}

// cascadeEditor is a referencing table's editor that fires its row
// triggers for the deletes and updates foreign key actions make.
type cascadeEditor struct {
	sql.ForeignKeyEditor
	table  catalog.QName
	schema sql.Schema
}

// Delete implements sql.RowDeleter.
func (e *cascadeEditor) Delete(ctx *sql.Context, row sql.Row) error {
	h, ok := hostOf(ctx)
	if !ok {
		return e.ForeignKeyEditor.Delete(ctx, row)
	}
	fs := triggersOn(h, e.table, e.schema, catalog.EventDelete, nil)
	old := fs.values(row)
	keep, _, err := fireBeforeRow(h, ctx, fs, nil, old)
	if err != nil || !keep {
		return err
	}
	if err := e.ForeignKeyEditor.Delete(ctx, row); err != nil {
		return err
	}
	return queueAfterRow(h, ctx, fs, nil, old)
}

// Update implements sql.RowUpdater.
func (e *cascadeEditor) Update(ctx *sql.Context, old, new sql.Row) error {
	h, ok := hostOf(ctx)
	if !ok {
		return e.ForeignKeyEditor.Update(ctx, old, new)
	}
	var cols []string
	for i, c := range e.schema {
		if i < len(old) && i < len(new) {
			if cmp, err := c.Type.Compare(ctx, old[i], new[i]); err != nil || cmp != 0 {
				cols = append(cols, c.Name)
			}
		}
	}
	fs := triggersOn(h, e.table, e.schema, catalog.EventUpdate, cols)
	oldVals := fs.values(old)
	keep, newVals, err := fireBeforeRow(h, ctx, fs, fs.values(new), oldVals)
	if err != nil || !keep {
		return err
	}
	if err := e.ForeignKeyEditor.Update(ctx, old, sql.Row(newVals)); err != nil {
		return err
	}
	return queueAfterRow(h, ctx, fs, newVals, oldVals)
}

// fireBeforeRow runs the BEFORE ROW triggers of fs for one row; keep is
// false when one of them returned NULL.
func fireBeforeRow(h Host, ctx *sql.Context, fs *firingSet, newVals, oldVals []any) (keep bool, _ []any, _ error) {
	for _, tg := range fs.triggers {
		if !tg.ForEachRow || tg.Timing != catalog.TimingBefore {
			continue
		}
		fire, err := triggerWhen(h, ctx, fs, tg, newVals, oldVals)
		if err != nil {
			return false, nil, err
		}
		if !fire {
			continue
		}
		res, err := h.CallTriggerFunction(ctx, fs.fns[tg.Function], fs.data(tg, newVals, oldVals))
		if err != nil {
			return false, nil, err
		}
		if res.Null || res.Row == nil {
			return false, nil, nil
		}
		if fs.event != catalog.EventDelete {
			if newVals, err = fs.castRow(res.Row); err != nil {
				return false, nil, err
			}
			if err := fs.checkCloneMove(h, ctx, tg, newVals); err != nil { // partition_triggers.go
				return false, nil, err
			}
		}
	}
	return true, newVals, nil
}

// queueAfterRow queues the AFTER ROW triggers of fs for one row.
func queueAfterRow(h Host, ctx *sql.Context, fs *firingSet, newVals, oldVals []any) error {
	for _, tg := range fs.triggers {
		if !tg.ForEachRow || tg.Timing != catalog.TimingAfter {
			continue
		}
		fire, err := triggerWhen(h, ctx, fs, tg, newVals, oldVals)
		if err != nil {
			return err
		}
		if fire {
			queueAfter(h, AfterEvent{fs: fs, tg: tg, new: newVals, old: oldVals})
		}
	}
	return nil
}
