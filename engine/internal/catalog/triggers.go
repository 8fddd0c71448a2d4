package catalog

import "sort"

// Trigger timing, events and levels (pg_trigger.tgtype bits).
const (
	TimingBefore  = "BEFORE"
	TimingAfter   = "AFTER"
	TimingInstead = "INSTEAD OF"
)

// TriggerEvent is a set of events a trigger fires on.
type TriggerEvent uint8

const (
	EventInsert TriggerEvent = 1 << iota
	EventDelete
	EventUpdate
	EventTruncate
)

// Trigger is one pg_trigger row.
type Trigger struct {
	OID uint32
	// Table is the relation the trigger is on.
	Table  QName
	Name   string
	Timing string // TimingBefore, TimingAfter, TimingInstead
	Events TriggerEvent
	// Columns restricts UPDATE triggers (UPDATE OF a, b).
	Columns    []string
	ForEachRow bool
	// When is the SQL text of the WHEN condition, "" when none.
	When string
	// Function is the trigger function's OID.
	Function uint32
	Args     []string
	// Enabled is pg_trigger.tgenabled: 'O' (origin, enabled), 'D'
	// (disabled), 'R' (replica) or 'A' (always); see Fires.
	Enabled byte
	// OldTable and NewTable name the transition tables (REFERENCING OLD
	// TABLE AS ... NEW TABLE AS ...), "" when none.
	OldTable, NewTable string
	// Constraint: CREATE CONSTRAINT TRIGGER; whether it is DEFERRABLE is
	// the catalog's deferrable map's (deferrable.go), under its name.
	Constraint bool
	// Parent is pg_trigger.tgparentid: the OID of the partitioned
	// table's row trigger this one is the clone of, 0 for a trigger
	// created on its own table (partition_triggers.go).
	Parent uint32
}

// TgType is pg_trigger.tgtype: the bit set of level, timing and events.
func (t *Trigger) TgType() int16 {
	var v int16
	if t.ForEachRow {
		v |= 1 << 0
	}
	switch t.Timing {
	case TimingBefore:
		v |= 1 << 1
	case TimingInstead:
		v |= 1 << 6
	}
	if t.Events&EventInsert != 0 {
		v |= 1 << 2
	}
	if t.Events&EventDelete != 0 {
		v |= 1 << 3
	}
	if t.Events&EventUpdate != 0 {
		v |= 1 << 4
	}
	if t.Events&EventTruncate != 0 {
		v |= 1 << 5
	}
	return v
}

// Triggers returns the triggers on table q ordered by name (the order
// PostgreSQL fires them in).
func (c *Catalog) Triggers(q QName) []*Trigger {
	if c == nil {
		return nil
	}
	return c.triggers[q]
}

// AllTriggers returns every trigger, by table then name.
func (c *Catalog) AllTriggers() []*Trigger {
	if c == nil {
		return nil
	}
	var out []*Trigger
	for _, k := range sortedKeys(c.triggers) {
		out = append(out, c.triggers[k]...)
	}
	return out
}

// Trigger finds the trigger named name on table q.
func (c *Catalog) Trigger(q QName, name string) (*Trigger, bool) {
	for _, t := range c.Triggers(q) {
		if t.Name == name {
			return t, true
		}
	}
	return nil, false
}

// HasTriggers reports whether table q has any trigger.
func (c *Catalog) HasTriggers(q QName) bool { return c != nil && len(c.triggers[q]) > 0 }

// PutTrigger returns a catalog with t added or replacing the trigger of
// the same name on the same table (a new one, OID 0, gets an OID).
func (c *Catalog) PutTrigger(t Trigger) *Catalog {
	n := c.clone()
	if t.OID == 0 {
		t.OID = n.allocOID()
	}
	if t.Enabled == 0 {
		t.Enabled = 'O'
	}
	n.triggers = copyMap(n.triggers)
	var ts []*Trigger
	for _, old := range n.triggers[t.Table] {
		if old.Name != t.Name {
			ts = append(ts, old)
		}
	}
	ts = append(ts, &t)
	sort.Slice(ts, func(i, j int) bool { return ts[i].Name < ts[j].Name })
	n.triggers[t.Table] = ts
	return n
}

// DropTrigger returns a catalog without trigger name on table q.
func (c *Catalog) DropTrigger(q QName, name string) *Catalog {
	n := c.DropTableObjectComment(ObjTrigger, q, name).clone() // comments.go
	n.triggers = copyMap(n.triggers)
	var ts []*Trigger
	for _, old := range n.triggers[q] {
		if old.Name != name {
			ts = append(ts, old)
		}
	}
	if len(ts) == 0 {
		delete(n.triggers, q)
	} else {
		n.triggers[q] = ts
	}
	return n
}

// RenameTrigger returns a catalog where trigger old on table q is named
// new, keeping its OID; its comment and (a constraint trigger's)
// deferrability follow it.
func (c *Catalog) RenameTrigger(q QName, old, new string) *Catalog {
	tg, ok := c.Trigger(q, old)
	if !ok {
		return c
	}
	renamed := *tg
	renamed.Name = new
	ok1 := ObjectKey{Kind: ObjTrigger, Schema: q.Schema, Name: q.Name, Column: old}
	comment, hasComment := c.Comment(ok1)
	n := c.DropTrigger(q, old).PutTrigger(renamed).RenameConstraint(q, old, new)
	if hasComment {
		n = n.SetComment(ObjectKey{Kind: ObjTrigger, Schema: q.Schema, Name: q.Name, Column: new}, &comment)
	}
	return n
}

// DropTableTriggers returns a catalog without the triggers on table q
// (DROP TABLE).
func (c *Catalog) DropTableTriggers(q QName) *Catalog {
	if !c.HasTriggers(q) {
		return c
	}
	n := c.clone()
	n.triggers = copyMap(n.triggers)
	delete(n.triggers, q)
	return n
}

// renameTriggerTable moves table old's triggers to its new name.
func (c *Catalog) renameTriggerTable(old, new QName) {
	ts, ok := c.triggers[old]
	if !ok {
		return
	}
	c.triggers = copyMap(c.triggers)
	delete(c.triggers, old)
	moved := make([]*Trigger, len(ts))
	for i, t := range ts {
		nt := *t
		nt.Table = new
		moved[i] = &nt
	}
	c.triggers[new] = moved
}

// renameTriggerColumn follows a column rename in UPDATE OF lists.
func (c *Catalog) renameTriggerColumn(table QName, old, new string) {
	ts, ok := c.triggers[table]
	if !ok {
		return
	}
	c.triggers = copyMap(c.triggers)
	out := make([]*Trigger, len(ts))
	for i, t := range ts {
		nt := *t
		nt.Columns = append([]string(nil), t.Columns...)
		for j, col := range nt.Columns {
			if col == old {
				nt.Columns[j] = new
			}
		}
		out[i] = &nt
	}
	c.triggers[table] = out
}

// HasAnyTriggers reports whether any table has a trigger.
func (c *Catalog) HasAnyTriggers() bool { return c != nil && len(c.triggers) > 0 }

// Fires reports whether a trigger (or event trigger) whose tgenabled is
// enabled fires in a session whose session_replication_role is replica
// or not (origin, local), as PostgreSQL's trigger code decides: 'O' fires
// except in replica mode, 'R' only in it, 'A' always, 'D' never. Loading
// a data-only dump under `SET session_replication_role = replica` (the
// header of Supabase's data dumps) so runs no ordinary trigger.
func Fires(enabled byte, replica bool) bool {
	switch enabled {
	case 'A':
		return true
	case 'R':
		return replica
	case 'D':
		return false
	}
	return !replica
}
