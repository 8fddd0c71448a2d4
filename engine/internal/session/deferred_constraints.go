package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/dml"
	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// When deferrable constraints are checked (PostgreSQL docs: SET
// CONSTRAINTS). A DEFERRABLE foreign key or unique constraint is checked
// at the end of the statement while it is IMMEDIATE and at COMMIT while
// it is DEFERRED; INITIALLY says which it starts as in each transaction,
// SET CONSTRAINTS changes that until the transaction ends. Writes note
// what to check (gmsadapter's deferred foreign keys, storage's deferred
// unique keys); finish and endStorageTxn check it.

var _ gmsadapter.FKDeferrer = (*gmsSession)(nil)

// constraintModes is the transaction's SET CONSTRAINTS state and the
// foreign key checks waiting.
type constraintModes struct {
	all     *bool                      // SET CONSTRAINTS ALL: deferred
	named   map[catalog.ObjectKey]bool // SET CONSTRAINTS name: deferred
	pending []pendingFK
	// triggers are deferred constraint trigger firings
	triggers []dml.AfterEvent
}

// deferTrigger keeps a constraint trigger's firing while the trigger is
// deferred.
func (s *Session) deferTrigger(e dml.AfterEvent) bool {
	tg := e.Trigger()
	if !s.deferredNow(s.catalog(), tg.Table.Schema, tg.Table.Name, tg.Name) {
		return false
	}
	s.modes.triggers = append(s.modes.triggers, e)
	return true
}

// pendingFK is a key of a deferrable foreign key to check: a child row's
// (child) or a removed parent key's.
type pendingFK struct {
	fk    sql.ForeignKeyConstraint
	child bool
	key   sql.Row
}

func (g *gmsSession) FKDeferrable(fk sql.ForeignKeyConstraint) bool {
	d, _ := g.s.catalog().Deferrable(catalog.QName{Schema: fk.SchemaName, Name: fk.Table}, fk.Name)
	return d
}

func (g *gmsSession) DeferFKCheck(fk sql.ForeignKeyConstraint, child bool, key sql.Row) {
	g.s.modes.pending = append(g.s.modes.pending, pendingFK{fk: fk, child: child, key: key})
}

// newTxn begins a storage transaction whose deferrable unique indexes take
// duplicates until checked.
func (s *Session) newTxn() *storage.Txn {
	t := s.eng.store.Begin()
	t.SetUniqueDeferral(func(meta any, schema, table, index string) bool {
		d, _ := catalog.Of(meta).Deferrable(catalog.QName{Schema: schema, Name: table}, index)
		return d
	})
	return t
}

// deferredNow reports whether a constraint's check waits for COMMIT.
func (s *Session) deferredNow(cat *catalog.Catalog, schema, table, name string) bool {
	q := catalog.QName{Schema: schema, Name: table}
	deferrable, initially := cat.Deferrable(q, name)
	if !deferrable {
		return false
	}
	if d, ok := s.modes.named[catalog.ObjectKey{Kind: catalog.ObjConstraint, Schema: schema, Name: table, Column: name}]; ok {
		return d
	}
	if s.modes.all != nil {
		return *s.modes.all
	}
	return initially
}

// checkConstraints runs the waiting checks: those of constraints not
// deferred now, or all of them (at COMMIT).
func (s *Session) checkConstraints(all bool) error {
	if s.txn == nil || (len(s.modes.pending) == 0 && len(s.modes.triggers) == 0 && !s.txn.HasDeferredUnique()) {
		return nil
	}
	cat := s.catalog()
	if len(s.modes.triggers) > 0 {
		var due, keep []dml.AfterEvent
		for _, e := range s.modes.triggers {
			if tg := e.Trigger(); !all && s.deferredNow(cat, tg.Table.Schema, tg.Table.Name, tg.Name) {
				keep = append(keep, e)
			} else {
				due = append(due, e)
			}
		}
		s.modes.triggers = keep
		if err := dml.FireDeferred(dmlHost{s}, due); err != nil {
			s.modes.pending, s.modes.triggers = nil, nil
			return err
		}
	}
	var later storage.UniqueDeferral
	if !all {
		later = func(meta any, schema, table, index string) bool {
			return s.deferredNow(catalog.Of(meta), schema, table, index)
		}
	}
	if err := s.txn.CheckDeferredUnique(later); err != nil {
		s.modes.pending = nil
		return mapError(err)
	}
	var keep, due []pendingFK
	for _, p := range s.modes.pending {
		if !all && s.deferredNow(cat, p.fk.SchemaName, p.fk.Table, p.fk.Name) {
			keep = append(keep, p)
		} else {
			due = append(due, p)
		}
	}
	s.modes.pending = keep
	if len(due) == 0 {
		return nil
	}
	ctx := s.gmsContext()
	for _, p := range due {
		if err := s.checkFK(ctx, p); err != nil {
			s.modes.pending = nil
			return err
		}
	}
	return nil
}

// checkFK fails when a child row holds p's key and no parent row does.
func (s *Session) checkFK(ctx *sql.Context, p pendingFK) error {
	h := s.ddl()
	parent, ok := ddl.FindTable(h, p.fk.ParentSchema, p.fk.ParentTable)
	if !ok {
		return nil
	}
	child, ok := ddl.FindTable(h, p.fk.SchemaName, p.fk.Table)
	if !ok {
		return nil
	}
	found, err := hasKey(ctx, parent, p.fk.ParentColumns, p.key)
	if err != nil || found {
		return err
	}
	if found, err = hasKey(ctx, child, p.fk.Columns, p.key); err != nil || !found {
		return err
	}
	if p.child {
		return &pgerror.Error{Severity: "ERROR", Code: pgerror.ForeignKeyViolation, Table: p.fk.Table, Constraint: p.fk.Name,
			Message: "insert or update on table " + quoteIdent(p.fk.Table) + " violates foreign key constraint " + quoteIdent(p.fk.Name)}
	}
	return &pgerror.Error{Severity: "ERROR", Code: pgerror.ForeignKeyViolation, Table: p.fk.Table, Constraint: p.fk.Name,
		Message: "update or delete on table " + quoteIdent(p.fk.ParentTable) + " violates foreign key constraint " + quoteIdent(p.fk.Name) + " on table " + quoteIdent(p.fk.Table)}
}

// hasKey reports whether a row of t holds key in cols.
func hasKey(ctx *sql.Context, t *storage.Table, cols []string, key sql.Row) (bool, error) {
	sch := t.Schema()
	ords := make([]int, len(cols))
	want := make(sql.Row, len(cols))
	for i, c := range cols {
		ords[i] = sch.IndexOfColName(c)
		if ords[i] < 0 {
			return false, nil
		}
		want[i] = key[i]
		if v, _, err := sch[ords[i]].Type.Convert(ctx, key[i]); err == nil {
			want[i] = v
		}
	}
	iter, err := t.Rows(ctx)
	if err != nil {
		return false, err
	}
	defer iter.Close(ctx)
	for {
		row, err := iter.Next(ctx)
		if err != nil {
			if err.Error() == "EOF" {
				return false, nil
			}
			return false, err
		}
		match := true
		for i, o := range ords {
			if row[o] == nil {
				match = false
				break
			}
			if c, err := sch[o].Type.Compare(ctx, row[o], want[i]); err != nil || c != 0 {
				match = false
				break
			}
		}
		if match {
			return true, nil
		}
	}
}

// setConstraints runs SET CONSTRAINTS: the named constraints (or all)
// become DEFERRED or IMMEDIATE for the rest of the transaction; the
// checks of those now IMMEDIATE run at once.
func (s *Session) setConstraints(c *translate.SetConstraints, tag string) (string, *Rows, error) {
	if s.state == txnIdle {
		s.Notice("WARNING", pgerror.NoActiveSQLTransaction, "SET CONSTRAINTS can only be used in transaction blocks")
	}
	if c.All {
		d := c.Deferred
		s.modes.all, s.modes.named = &d, nil
	} else {
		for _, n := range c.Names {
			keys, err := s.constraintsNamed(n)
			if err != nil {
				return "", nil, err
			}
			if s.modes.named == nil {
				s.modes.named = map[catalog.ObjectKey]bool{}
			}
			for _, k := range keys {
				s.modes.named[k] = c.Deferred
			}
		}
	}
	if s.state == txnIdle {
		s.modes = constraintModes{pending: s.modes.pending}
	}
	if !c.Deferred {
		if err := s.checkConstraints(false); err != nil {
			return "", nil, err
		}
	}
	return tag, nil, nil
}

// constraintsNamed finds the deferrable constraints a SET CONSTRAINTS name
// names: in its schema, or in every schema of the search path.
func (s *Session) constraintsNamed(parts []string) ([]catalog.ObjectKey, error) {
	name := parts[len(parts)-1]
	schemas := s.SchemasOnPath()
	if len(parts) > 1 {
		schemas = parts[:1]
	}
	cat := s.catalog()
	var keys []catalog.ObjectKey
	for _, d := range cat.DeferrableConstraints() {
		if d.Key.Column != name {
			continue
		}
		for _, sc := range schemas {
			if d.Key.Schema == sc {
				keys = append(keys, d.Key)
			}
		}
	}
	if len(keys) > 0 {
		return keys, nil
	}
	if s.constraintExists(schemas, name) {
		return nil, pgerror.New(pgerror.WrongObjectType, "constraint %q is not deferrable", name)
	}
	return nil, pgerror.New(pgerror.UndefinedObject, "constraint %q does not exist", name)
}

// constraintExists reports whether a table of the schemas has a
// constraint (key, foreign key or check) called name.
func (s *Session) constraintExists(schemas []string, name string) bool {
	ctx := s.gmsContext()
	h := s.ddl()
	for _, sc := range schemas {
		tables, _ := s.StorageTxn().TableNames(sc)
		for _, tn := range tables {
			t, ok := ddl.FindTable(h, sc, tn)
			if !ok {
				continue
			}
			if t.PrimaryKeyName() == name {
				return true
			}
			if idx, err := t.GetIndexes(ctx); err == nil {
				for _, ix := range idx {
					if ix.ID() == name && ix.IsUnique() {
						return true
					}
				}
			}
			if fks, err := t.GetDeclaredForeignKeys(ctx); err == nil {
				for _, fk := range fks {
					if fk.Name == name {
						return true
					}
				}
			}
			if checks, err := t.GetChecks(ctx); err == nil {
				for _, ck := range checks {
					if ck.Name == name {
						return true
					}
				}
			}
		}
	}
	return false
}
