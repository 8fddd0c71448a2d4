package catalog

// This file keeps a partitioned table's row triggers on its partitions
// (docs: CREATE TRIGGER, "Creating a row-level trigger on a partitioned
// table will cause an identical 'clone' trigger to be created on each of
// its existing partitions; and any partitions created or attached later
// will have an identical trigger, too"). A clone records its parent
// trigger's OID (pg_trigger.tgparentid); statement triggers are not
// cloned.

// TriggerByOID finds a trigger by its OID.
func (c *Catalog) TriggerByOID(oid uint32) (*Trigger, bool) {
	if c == nil {
		return nil, false
	}
	for _, ts := range c.triggers {
		for _, t := range ts {
			if t.OID == oid {
				return t, true
			}
		}
	}
	return nil, false
}

// CloneTrigger returns a catalog where partition q (and, when q is
// itself partitioned, its partitions) has a clone of parent's row
// trigger tg. conflict names the table that already has a trigger of
// tg's name that is not a clone of tg (PostgreSQL's 42710), and the
// catalog is then unchanged; with replace (CREATE OR REPLACE TRIGGER)
// such a trigger becomes the clone.
func (c *Catalog) CloneTrigger(tg *Trigger, q QName, replace bool) (out *Catalog, conflict QName) {
	out = c
	if old, ok := c.Trigger(q, tg.Name); ok {
		if old.Parent != tg.OID && !replace {
			return c, q
		}
	}
	n := *tg
	n.OID, n.Table, n.Parent = 0, q, tg.OID
	n.Columns = append([]string(nil), tg.Columns...)
	n.Args = append([]string(nil), tg.Args...)
	if old, ok := c.Trigger(q, tg.Name); ok {
		n.OID = old.OID // CREATE OR REPLACE keeps the clone's identity
	}
	out = out.PutTrigger(n)
	clone, _ := out.Trigger(q, tg.Name)
	if _, parted := out.Partitioned(q); parted {
		for _, ch := range out.Children(q) {
			if out, conflict = out.CloneTrigger(clone, ch, replace); conflict != (QName{}) {
				return c, conflict
			}
		}
	}
	return out, QName{}
}

// ClonePartitionTriggers returns a catalog where partition q has clones
// of its partitioned parent's row triggers (CREATE TABLE ... PARTITION
// OF, ATTACH PARTITION); conflict as for CloneTrigger.
func (c *Catalog) ClonePartitionTriggers(parent, q QName) (out *Catalog, conflict QName, name string) {
	out = c
	for _, tg := range c.Triggers(parent) {
		if !tg.ForEachRow {
			continue
		}
		if out, conflict = out.CloneTrigger(tg, q, false); conflict != (QName{}) {
			return c, conflict, tg.Name
		}
	}
	return out, QName{}, ""
}

// DropTriggerClones returns a catalog without the clones of trigger oid
// on any table, and their clones in turn (DROP TRIGGER on the
// partitioned table).
func (c *Catalog) DropTriggerClones(oid uint32) *Catalog {
	out := c
	for _, ts := range c.triggers {
		for _, t := range ts {
			if t.Parent == oid {
				out = out.DropTriggerClones(t.OID).DropTrigger(t.Table, t.Name)
			}
		}
	}
	return out
}

// DropClonedTriggers returns a catalog without the clones on table q
// (DETACH PARTITION: the detached table keeps only its own triggers).
func (c *Catalog) DropClonedTriggers(q QName) *Catalog {
	out := c
	for _, t := range c.Triggers(q) {
		if t.Parent != 0 {
			out = out.DropTriggerClones(t.OID).DropTrigger(q, t.Name)
		}
	}
	return out
}
