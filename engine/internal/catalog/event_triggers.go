package catalog

import (
	"sort"
)

// Event triggers (PostgreSQL docs: Chapter 40, Event Triggers): database
// wide triggers on DDL, one pg_event_trigger row each.

// EventTrigger is one pg_event_trigger row.
type EventTrigger struct {
	OID   uint32
	Name  string
	Event string // ddl_command_start, ddl_command_end, sql_drop, table_rewrite
	// Tags are the command tags of WHEN TAG IN (...), upper case; none:
	// every command.
	Tags     []string
	Function uint32 // the function's OID
	Owner    string
	// Enabled is evtenabled: 'O' (origin), 'D' disabled, 'R' replica, 'A'
	// always.
	Enabled byte
}

// EventTriggers lists the event triggers by name.
func (c *Catalog) EventTriggers() []*EventTrigger {
	if c == nil {
		return nil
	}
	out := make([]*EventTrigger, 0, len(c.eventTriggers))
	for _, t := range c.eventTriggers {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// HasEventTriggers reports whether any event trigger exists.
func (c *Catalog) HasEventTriggers() bool { return c != nil && len(c.eventTriggers) > 0 }

// EventTrigger finds an event trigger by name.
func (c *Catalog) EventTrigger(name string) (*EventTrigger, bool) {
	if c == nil {
		return nil, false
	}
	t, ok := c.eventTriggers[name]
	return t, ok
}

// PutEventTrigger returns a catalog with t (a new one gets an OID).
func (c *Catalog) PutEventTrigger(t EventTrigger) *Catalog {
	n := c.clone()
	if t.OID == 0 {
		t.OID = n.allocOID()
	}
	n.eventTriggers = copyMap(c.eventTriggers)
	n.eventTriggers[t.Name] = &t
	return n
}

// DropEventTrigger returns a catalog without event trigger name.
func (c *Catalog) DropEventTrigger(name string) *Catalog {
	if _, ok := c.eventTriggers[name]; !ok {
		return c
	}
	n := c.clone()
	n.eventTriggers = copyMap(c.eventTriggers)
	delete(n.eventTriggers, name)
	return n
}

// eventTriggerImage writes the event triggers down, by name.
func (c *Catalog) eventTriggerImage() []EventTrigger {
	if c.eventTriggers == nil {
		return nil
	}
	out := []EventTrigger{}
	for _, t := range c.EventTriggers() {
		out = append(out, *t)
	}
	return out
}
