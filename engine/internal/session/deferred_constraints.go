package session

import (
	"fmt"
	"io"
	"strings"

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
	t.SetOwner(s) // pg_blocking_pids names the writer lock's holder
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
	// one pass over each foreign key's tables for all its keys
	var order []string
	groups := map[string][]pendingFK{}
	for _, p := range due {
		k := p.fk.SchemaName + "\x00" + p.fk.Table + "\x00" + p.fk.Name
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], p)
	}
	for _, k := range order {
		if err := s.checkFKs(ctx, groups[k]); err != nil {
			s.modes.pending = nil
			return err
		}
	}
	return nil
}

// checkFKs checks keys of one foreign key: one fails when a child row
// holds it and no parent row does.
func (s *Session) checkFKs(ctx *sql.Context, ps []pendingFK) error {
	fk := ps[0].fk
	h := s.ddl()
	parent, ok := ddl.FindTable(h, fk.ParentSchema, fk.ParentTable)
	if !ok {
		return nil
	}
	child, ok := ddl.FindTable(h, fk.SchemaName, fk.Table)
	if !ok {
		return nil
	}
	parents, err := keySet(ctx, parent, fk.ParentColumns)
	if err != nil {
		return err
	}
	var missing []pendingFK
	for _, p := range ps {
		if k, ok := keyString(ctx, parent.Schema(), fk.ParentColumns, p.key); !ok || !parents[k] {
			missing = append(missing, p)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	children, err := keySet(ctx, child, fk.Columns)
	if err != nil {
		return err
	}
	for _, p := range missing {
		// keyed as the child stores it: the referencing rows hold it
		k, ok := keyString(ctx, child.Schema(), fk.Columns, p.key)
		if !ok || !children[k] {
			continue
		}
		if p.child {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.ForeignKeyViolation, Table: fk.Table, Constraint: fk.Name,
				Message: "insert or update on table " + quoteIdent(fk.Table) + " violates foreign key constraint " + quoteIdent(fk.Name)}
		}
		return &pgerror.Error{Severity: "ERROR", Code: pgerror.ForeignKeyViolation, Table: fk.Table, Constraint: fk.Name,
			Message: "update or delete on table " + quoteIdent(fk.ParentTable) + " violates foreign key constraint " + quoteIdent(fk.Name) + " on table " + quoteIdent(fk.Table)}
	}
	return nil
}

// keyString renders a key converted to the columns' types, so that equal
// keys of both tables render the same; ok is false when a part is NULL or
// does not convert.
func keyString(ctx *sql.Context, sch sql.Schema, cols []string, key sql.Row) (string, bool) {
	var b strings.Builder
	for i, c := range cols {
		o := sch.IndexOfColName(c)
		if o < 0 || i >= len(key) || key[i] == nil {
			return "", false
		}
		v, _, err := sch[o].Type.Convert(ctx, key[i])
		if err != nil || v == nil {
			return "", false
		}
		fmt.Fprintf(&b, "%T:%v\x00", v, v)
	}
	return b.String(), true
}

// keySet is the set of keys the rows of t hold in cols (rows with a NULL
// part left out).
func keySet(ctx *sql.Context, t *storage.Table, cols []string) (map[string]bool, error) {
	sch := t.Schema()
	ords := make([]int, len(cols))
	for i, c := range cols {
		if ords[i] = sch.IndexOfColName(c); ords[i] < 0 {
			return nil, nil
		}
	}
	iter, err := t.Rows(ctx)
	if err != nil {
		return nil, err
	}
	defer iter.Close(ctx)
	out := map[string]bool{}
	key := make(sql.Row, len(cols))
	for {
		row, err := iter.Next(ctx)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		for i, o := range ords {
			key[i] = row[o]
		}
		if k, ok := keyString(ctx, sch, cols, key); ok {
			out[k] = true
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
