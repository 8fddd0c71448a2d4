package dml

import (
	"context"
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// triggerTable resolves the table or view a trigger statement names.
func triggerTable(h Host, q catalog.QName) (catalog.QName, []string, bool, error) {
	t, ok := h.FindTable(q.Schema, q.Name)
	if !ok {
		if v := h.FindView(q); v != nil {
			return catalog.QName{Schema: v.Schema, Name: v.Name}, v.Columns, true, nil
		}
		return catalog.QName{}, nil, false, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", q.Display())
	}
	cols := make([]string, len(t.Schema()))
	for i, c := range t.Schema() {
		cols[i] = c.Name
	}
	return catalog.QName{Schema: t.SchemaName(), Name: t.Name()}, cols, false, nil
}

// CreateTrigger is CREATE [OR REPLACE] TRIGGER (the checks of
// CreateTriggerFiringOn).
func CreateTrigger(h Host, c *translate.CreateTrigger) error {
	tg := c.Trigger
	table, cols, isView, err := triggerTable(h, tg.Table)
	if err != nil {
		return err
	}
	tg.Table = table
	switch {
	case isView && tg.Timing != catalog.TimingInstead && tg.ForEachRow:
		return pgerror.New(pgerror.WrongObjectType, "%q is a view", table.Name).
			WithDetail("Views cannot have row-level BEFORE or AFTER triggers.")
	case isView && tg.Events&catalog.EventTruncate != 0:
		return pgerror.New(pgerror.WrongObjectType, "%q is a view", table.Name).
			WithDetail("Views cannot have TRUNCATE triggers.")
	case isView && tg.Timing != catalog.TimingInstead:
		return pgerror.New(pgerror.FeatureNotSupported, "statement-level triggers on view %q are not supported yet", table.Name)
	case isView && (tg.OldTable != "" || tg.NewTable != ""):
		return pgerror.New(pgerror.WrongObjectType, "%q is a view", table.Name).
			WithDetail("Triggers on views cannot have transition tables.")
	case !isView && tg.Timing == catalog.TimingInstead:
		return pgerror.New(pgerror.WrongObjectType, "%q is a table", table.Name).
			WithDetail("Tables cannot have INSTEAD OF triggers.")
	}
	if tg.Timing == catalog.TimingInstead {
		switch {
		case !tg.ForEachRow:
			return pgerror.New(pgerror.FeatureNotSupported, "INSTEAD OF triggers must be FOR EACH ROW")
		case tg.When != "":
			return pgerror.New(pgerror.FeatureNotSupported, "INSTEAD OF triggers cannot have WHEN conditions")
		case len(tg.Columns) > 0:
			return pgerror.New(pgerror.FeatureNotSupported, "INSTEAD OF triggers cannot have column lists")
		}
	}
	if tg.Events&catalog.EventTruncate != 0 && tg.ForEachRow {
		return pgerror.New(pgerror.FeatureNotSupported, "TRUNCATE FOR EACH ROW triggers are not supported")
	}
	if tg.When != "" {
		if !tg.ForEachRow && (c.WhenNew || c.WhenOld) {
			return pgerror.New(pgerror.InvalidObjectDefinition, "statement trigger's WHEN condition cannot reference column values")
		}
		if tg.Events&catalog.EventInsert != 0 && c.WhenOld {
			return pgerror.New(pgerror.InvalidObjectDefinition, "INSERT trigger's WHEN condition cannot reference OLD values")
		}
		if tg.Events&catalog.EventDelete != 0 && c.WhenNew {
			return pgerror.New(pgerror.InvalidObjectDefinition, "DELETE trigger's WHEN condition cannot reference NEW values")
		}
		if _, err := translate.TriggerWhenSQL(tg.When, cols); err != nil {
			return err
		}
	}
	for _, col := range tg.Columns {
		found := false
		for _, tc := range cols {
			if tc == col {
				found = true
			}
		}
		if !found {
			return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", col, table.Name)
		}
	}
	cat := h.Catalog()
	_, parted := cat.Partitioned(table)
	if tg.ForEachRow && (tg.OldTable != "" || tg.NewTable != "") {
		if parted {
			return pgerror.New(pgerror.FeatureNotSupported, "%q is a partitioned table", table.Name).
				WithDetail("ROW triggers with transition tables are not supported on partitioned tables.")
		}
		if inh := cat.Inherits(table); inh != nil && inh.Spec != nil {
			return pgerror.New(pgerror.FeatureNotSupported, "ROW triggers with transition tables are not supported on partitions")
		}
	}
	fn, err := triggerFunction(h, cat, c.Function)
	if err != nil {
		return err
	}
	tg.Function = fn.OID
	if old, ok := cat.Trigger(table, tg.Name); ok {
		if !c.Replace {
			return pgerror.New(pgerror.DuplicateObject, "trigger %q for relation %q already exists", tg.Name, table.Name)
		}
		if old.Parent != 0 {
			return pgerror.New(pgerror.DuplicateObject, "trigger %q for relation %q is an internal or a child trigger", tg.Name, table.Name)
		}
		tg.OID = old.OID
	}
	cat = cat.PutTrigger(tg)
	if parted && tg.ForEachRow {
		// a row trigger on a partitioned table is cloned to every
		// partition (partition_triggers.go in catalog)
		put, _ := cat.Trigger(table, tg.Name)
		for _, ch := range cat.Children(table) {
			var conflict catalog.QName
			if cat, conflict = cat.CloneTrigger(put, ch, c.Replace); conflict != (catalog.QName{}) {
				return pgerror.New(pgerror.DuplicateObject, "trigger %q for relation %q already exists", tg.Name, conflict.Name)
			}
		}
	}
	h.SetCatalog(cat)
	return nil
}

// triggerFunction resolves EXECUTE FUNCTION name(): a routine without
// arguments returning trigger.
func triggerFunction(h Host, cat *catalog.Catalog, q catalog.QName) (*catalog.Function, error) {
	// pg_catalog comes first on every search path
	if q.Schema == "" || q.Schema == "pg_catalog" {
		if f, ok := catalog.BuiltinTrigger(q.Name); ok {
			return f, nil
		}
	}
	for _, sc := range h.LookupSchemas(q.Schema) {
		for _, f := range cat.Functions(catalog.QName{Schema: sc, Name: q.Name}) {
			if len(f.InputArgs()) != 0 {
				continue
			}
			if f.Result == nil || f.Result.OID != types.Trigger.OID {
				return nil, pgerror.New(pgerror.InvalidObjectDefinition, "function %s must return type trigger", q.Display())
			}
			return f, nil
		}
	}
	if q.Schema != "" && q.Schema != "pg_catalog" && !h.StorageTxn().HasSchema(q.Schema) {
		return nil, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", q.Schema)
	}
	return nil, pgerror.New(pgerror.UndefinedFunction, "function %s() does not exist", q.Display())
}

// DropTrigger is DROP TRIGGER.
func DropTrigger(h Host, c *translate.DropTrigger) error {
	q, _, _, err := triggerTable(h, c.Table)
	if err != nil {
		if c.IfExists {
			h.Notice("NOTICE", "00000", fmt.Sprintf("relation %q does not exist, skipping", c.Table.Display()))
			return nil
		}
		return err
	}
	cat := h.Catalog()
	tg, ok := cat.Trigger(q, c.Name)
	if !ok {
		if c.IfExists {
			h.Notice("NOTICE", "00000", fmt.Sprintf("trigger %q for relation %q does not exist, skipping", c.Name, c.Table.Display()))
			return nil
		}
		return pgerror.New(pgerror.UndefinedObject, "trigger %q for table %q does not exist", c.Name, q.Name)
	}
	if tg.Parent != 0 {
		// a clone goes with its partitioned table's trigger only
		if p, ok := cat.TriggerByOID(tg.Parent); ok {
			return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop trigger %s on table %s because trigger %s on table %s requires it",
				tg.Name, q.Name, p.Name, p.Table.Name).WithHint("You can drop trigger %s on table %s instead.", p.Name, p.Table.Name)
		}
	}
	// a constraint trigger's deferrability goes with it
	h.SetCatalog(cat.DropTriggerClones(tg.OID).DropTrigger(q, c.Name).SetDeferrable(q, c.Name, false, false))
	return nil
}

// RenameTrigger is ALTER TRIGGER ... ON ... RENAME TO (renametrig): a
// clone on a partition is renamed only with its partitioned table's
// trigger, which takes its clones along.
func RenameTrigger(h Host, c *translate.RenameTrigger) error {
	q, _, _, err := triggerTable(h, c.Table)
	if err != nil {
		return err
	}
	cat := h.Catalog()
	tg, ok := cat.Trigger(q, c.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedObject, "trigger %q for table %q does not exist", c.Name, q.Name)
	}
	if tg.Parent != 0 {
		parent := ""
		if p, ok := cat.TriggerByOID(tg.Parent); ok {
			parent = p.Table.Name
		}
		// PostgreSQL 15 raises this one without a SQLSTATE: XX000
		return pgerror.New(pgerror.InternalError, "cannot rename trigger %q on table %q", c.Name, q.Name).
			WithHint("Rename the trigger on the partitioned table %q instead.", parent)
	}
	if c.NewName == c.Name {
		return nil
	}
	if _, dup := cat.Trigger(q, c.NewName); dup {
		return pgerror.New(pgerror.DuplicateObject, "trigger %q for relation %q already exists", c.NewName, q.Name)
	}
	h.SetCatalog(renameTriggerTree(cat, tg, c.NewName))
	return nil
}

// renameTriggerTree renames tg and its clones on the partitions below its
// table (renametrig_partition).
func renameTriggerTree(cat *catalog.Catalog, tg *catalog.Trigger, name string) *catalog.Catalog {
	oid, table := tg.OID, tg.Table
	cat = cat.RenameTrigger(tg.Table, tg.Name, name)
	if _, parted := cat.Partitioned(table); !parted {
		return cat
	}
	for _, ch := range cat.Descendants(table) {
		for _, c := range cat.Triggers(ch) {
			if c.Parent == oid {
				cat = renameTriggerTree(cat, c, name)
			}
		}
	}
	return cat
}

// EnableTriggers is ALTER TABLE ... ENABLE / DISABLE TRIGGER.
func EnableTriggers(h Host, c *translate.EnableTriggers) error {
	cat := h.Catalog()
	for _, e := range c.Cmds {
		t, ok := h.FindTable(e.Table.Schema, e.Table.Name)
		if !ok {
			return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", e.Table.Display())
		}
		q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
		if e.Rule {
			var rule *catalog.Rule
			for _, r := range cat.Rules(q) {
				if r.Name == e.Name {
					rule = r
				}
			}
			if rule == nil {
				return pgerror.New(pgerror.UndefinedObject, "rule %q for relation %q does not exist", e.Name, t.Name())
			}
			r := *rule
			r.Enabled = e.Enable
			if r.Enabled == 'O' {
				r.Enabled = 0
			}
			cat = cat.PutRule(r)
			continue
		}
		if e.All {
			for _, tg := range cat.Triggers(q) {
				cat = enableTrigger(cat, tg, e.Enable)
			}
			if e.System {
				var err error
				if cat, err = enableFKTriggers(h, cat, t, e.Enable != 'D'); err != nil {
					return err
				}
			}
			continue
		}
		tg, ok := cat.Trigger(q, e.Name)
		if !ok {
			return pgerror.New(pgerror.UndefinedObject, "trigger %q for table %q does not exist", e.Name, t.Name())
		}
		cat = enableTrigger(cat, tg, e.Enable)
	}
	h.SetCatalog(cat)
	return nil
}

// enableFKTriggers is the foreign key half of ENABLE / DISABLE TRIGGER
// ALL (catalog/system_triggers.go): only a superuser may switch those
// internal triggers, so another role gets PostgreSQL's 42501 naming one
// when the table has any (as referencing or referenced table).
func enableFKTriggers(h Host, cat *catalog.Catalog, t *storage.Table, on bool) (*catalog.Catalog, error) {
	q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
	if h.Superuser() {
		return cat.SetFKTriggersDisabled(q, !on), nil
	}
	ctx := h.GMSContext(context.Background())
	declared, err := t.GetDeclaredForeignKeys(ctx)
	if err != nil {
		return nil, err
	}
	referenced, err := t.GetReferencedForeignKeys(ctx)
	if err != nil {
		return nil, err
	}
	switch {
	case len(referenced) > 0:
		fk := referenced[0]
		return nil, pgerror.New(pgerror.InsufficientPrivilege, "permission denied: %q is a system trigger",
			pgcatalog.RITriggerName(fk.SchemaName, fk.Table, fk.Name, true))
	case len(declared) > 0:
		fk := declared[0]
		return nil, pgerror.New(pgerror.InsufficientPrivilege, "permission denied: %q is a system trigger",
			pgcatalog.RITriggerName(fk.SchemaName, fk.Table, fk.Name, false))
	}
	return cat, nil
}

// enableTrigger sets a trigger's tgenabled and its clones' on the
// partitions (PostgreSQL recurses from a partitioned table).
func enableTrigger(cat *catalog.Catalog, tg *catalog.Trigger, enable byte) *catalog.Catalog {
	n := *tg
	n.Enabled = enable
	cat = cat.PutTrigger(n)
	if _, parted := cat.Partitioned(tg.Table); !parted {
		return cat
	}
	for _, ch := range cat.Descendants(tg.Table) {
		for _, c := range cat.Triggers(ch) {
			if c.Parent == tg.OID {
				cat = enableTrigger(cat, c, enable)
			}
		}
	}
	return cat
}
