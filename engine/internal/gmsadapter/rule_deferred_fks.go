package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// FKDeferrer is the session as the deferred foreign key rule sees it
// (through sql.Context.Session). PostgreSQL checks a DEFERRABLE foreign
// key at the end of the statement, or at COMMIT while it is deferred
// (SET CONSTRAINTS); GMS checks each row as it is written. So the rule
// takes a deferrable key's row checks out of GMS's foreign key editors
// and has the editors note the keys written instead; the session checks
// them when PostgreSQL would.
type FKDeferrer interface {
	// FKDeferrable reports whether fk is DEFERRABLE.
	FKDeferrable(fk sql.ForeignKeyConstraint) bool
	// DeferFKCheck notes a key to check: of a row written to fk's child
	// table (child), or of a parent row deleted or given a new key.
	DeferFKCheck(fk sql.ForeignKeyConstraint, child bool, key sql.Row)
}

// installDeferredFKs makes GMS's applyForeignKeys rule leave deferrable
// foreign keys to the session.
func installDeferredFKs(a *analyzer.Analyzer) {
	wrapRule(a, "applyForeignKeys", func(apply analyzer.RuleFunc) analyzer.RuleFunc {
		return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			n, same, err := apply(ctx, a, n, scope, sel, qf)
			if err != nil {
				return n, same, err
			}
			d, ok := ctx.Session.(FKDeferrer)
			if !ok {
				return n, same, nil
			}
			seen := map[*plan.ForeignKeyEditor]bool{}
			transform.Inspect(n, func(n sql.Node) bool {
				if h, ok := n.(*plan.ForeignKeyHandler); ok {
					deferFKs(h.Editor, d, seen)
				}
				return true
			})
			return n, same, nil
		}
	})
}

// deferFKs moves the deferrable keys of e, and of the editors its
// referential actions reach, from row checks to notes.
func deferFKs(e *plan.ForeignKeyEditor, d FKDeferrer, seen map[*plan.ForeignKeyEditor]bool) {
	if e == nil || seen[e] {
		return
	}
	seen[e] = true
	var child, parent []deferredFK
	refs := e.References[:0:0]
	for _, r := range e.References {
		if d.FKDeferrable(r.ForeignKey) {
			child = append(child, deferredFK{fk: r.ForeignKey, ords: ordinals(e.Schema, r.ForeignKey.Columns)})
			continue
		}
		refs = append(refs, r)
	}
	actions := e.RefActions[:0:0]
	for _, ra := range e.RefActions {
		// only NO ACTION is deferrable: CASCADE, SET NULL / DEFAULT and
		// RESTRICT act or fail at once
		if noAction(ra.ForeignKey.OnDelete) && noAction(ra.ForeignKey.OnUpdate) && d.FKDeferrable(ra.ForeignKey) {
			parent = append(parent, deferredFK{fk: ra.ForeignKey, ords: ordinals(e.Schema, ra.ForeignKey.ParentColumns)})
			continue
		}
		actions = append(actions, ra)
		deferFKs(ra.Editor, d, seen)
	}
	if len(child)+len(parent) == 0 {
		return
	}
	e.References, e.RefActions = refs, actions
	e.Editor = &deferringEditor{ForeignKeyEditor: e.Editor, schema: e.Schema, child: child, parent: parent}
}

func noAction(a sql.ForeignKeyReferentialAction) bool {
	return a == sql.ForeignKeyReferentialAction_DefaultAction || a == sql.ForeignKeyReferentialAction_NoAction
}

func ordinals(sch sql.Schema, cols []string) []int {
	out := make([]int, len(cols))
	for i, c := range cols {
		out[i] = -1
		for j, col := range sch {
			if col.Name == c {
				out[i] = j
				break
			}
		}
	}
	return out
}

// deferredFK is a deferrable foreign key and where its columns are in
// the rows an editor writes.
type deferredFK struct {
	fk   sql.ForeignKeyConstraint
	ords []int
}

// key is the foreign key's columns of row; ok is false when one is NULL
// (MATCH SIMPLE: such a row references nothing).
func (f deferredFK) key(row sql.Row) (sql.Row, bool) {
	k := make(sql.Row, len(f.ords))
	for i, o := range f.ords {
		if o < 0 || o >= len(row) || row[o] == nil {
			return nil, false
		}
		k[i] = row[o]
	}
	return k, true
}

// changed reports whether the key columns differ between old and new.
func (f deferredFK) changed(ctx *sql.Context, sch sql.Schema, old, new sql.Row) bool {
	for _, o := range f.ords {
		if o < 0 || o >= len(old) || o >= len(new) {
			return true
		}
		if (old[o] == nil) != (new[o] == nil) {
			return true
		}
		if old[o] == nil {
			continue
		}
		if c, err := sch[o].Type.Compare(ctx, old[o], new[o]); err != nil || c != 0 {
			return true
		}
	}
	return false
}

// deferringEditor is a table's foreign key editor that notes the keys of
// its deferrable foreign keys as rows are written.
type deferringEditor struct {
	sql.ForeignKeyEditor
	schema        sql.Schema
	child, parent []deferredFK
}

func (e *deferringEditor) note(ctx *sql.Context, f deferredFK, child bool, row sql.Row) {
	d, ok := ctx.Session.(FKDeferrer)
	if !ok {
		return
	}
	if k, ok := f.key(row); ok {
		d.DeferFKCheck(f.fk, child, k)
	}
}

// Insert implements sql.RowInserter.
func (e *deferringEditor) Insert(ctx *sql.Context, row sql.Row) error {
	if err := e.ForeignKeyEditor.Insert(ctx, row); err != nil {
		return err
	}
	for _, f := range e.child {
		e.note(ctx, f, true, row)
	}
	return nil
}

// Update implements sql.RowUpdater.
func (e *deferringEditor) Update(ctx *sql.Context, old, new sql.Row) error {
	if err := e.ForeignKeyEditor.Update(ctx, old, new); err != nil {
		return err
	}
	for _, f := range e.child {
		if f.changed(ctx, e.schema, old, new) {
			e.note(ctx, f, true, new)
		}
	}
	for _, f := range e.parent {
		if f.changed(ctx, e.schema, old, new) {
			e.note(ctx, f, false, old)
		}
	}
	return nil
}

// Delete implements sql.RowDeleter.
func (e *deferringEditor) Delete(ctx *sql.Context, row sql.Row) error {
	if err := e.ForeignKeyEditor.Delete(ctx, row); err != nil {
		return err
	}
	for _, f := range e.parent {
		e.note(ctx, f, false, row)
	}
	return nil
}
