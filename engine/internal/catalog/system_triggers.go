package catalog

// PostgreSQL enforces a foreign key with internal triggers: check
// triggers on the referencing table, action triggers on the referenced
// one. ALTER TABLE ... DISABLE TRIGGER ALL (a superuser's; pg_dump
// --disable-triggers wraps each table's data in it) turns those off with
// the user triggers, ENABLE TRIGGER ALL turns them on again. tinybase
// enforces foreign keys in storage, not with triggers, so the catalog
// keeps the per-table switch: writes to such a table skip its foreign
// key checks and referential actions, and pg_trigger shows its internal
// triggers as disabled.

// FKTriggersDisabled reports whether DISABLE TRIGGER ALL turned table
// q's foreign key triggers off.
func (c *Catalog) FKTriggersDisabled(q QName) bool {
	if c == nil || c.security == nil {
		return false
	}
	return c.security.fkTriggersOff[q]
}

// SetFKTriggersDisabled returns a catalog where q's foreign key triggers
// are off (or on again).
func (c *Catalog) SetFKTriggersDisabled(q QName, off bool) *Catalog {
	if c.FKTriggersDisabled(q) == off {
		return c
	}
	return c.withSecurity(func(s *security) {
		s.fkTriggersOff = copyMap(s.fkTriggersOff)
		if off {
			s.fkTriggersOff[q] = true
		} else {
			delete(s.fkTriggersOff, q)
		}
	})
}

// AnyFKTriggersDisabled reports whether some table has its foreign key
// triggers off (the common answer, no, costs a write nothing).
func (c *Catalog) AnyFKTriggersDisabled() bool {
	return c != nil && c.security != nil && len(c.security.fkTriggersOff) > 0
}
