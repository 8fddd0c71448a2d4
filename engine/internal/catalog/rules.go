package catalog

import "sort"

// Rule is a rewrite rule of the rule system (docs: CREATE RULE, chapter
// 41): on an INSERT, UPDATE or DELETE of Table, its Actions run with
// NEW / OLD meaning the statement's rows, ALSO or INSTEAD of it. Where
// and Actions are SQL text as written ("" Where: unconditional; no
// actions: NOTHING).
type Rule struct {
	OID     uint32
	Name    string
	Table   QName
	Event   byte // pg_rewrite.ev_type: '2' UPDATE, '3' INSERT, '4' DELETE
	Instead bool
	Where   string
	Actions []string
	// Enabled is pg_rewrite.ev_enabled as ALTER TABLE ... ENABLE /
	// DISABLE RULE sets it: 'D', 'R', 'A'; 0 is 'O', the default. Fires
	// decides as for triggers.
	Enabled byte
}

// EnabledChar is the rule's ev_enabled.
func (r *Rule) EnabledChar() byte {
	if r.Enabled == 0 {
		return 'O'
	}
	return r.Enabled
}

// Rules returns the rules of table q, ordered by name (PostgreSQL applies
// a relation's rules in name order).
func (c *Catalog) Rules(q QName) []*Rule {
	if c == nil {
		return nil
	}
	return c.rules[q]
}

// AllRules returns every rule, by table and name.
func (c *Catalog) AllRules() []*Rule {
	if c == nil {
		return nil
	}
	var out []*Rule
	for _, k := range sortedKeys(c.rules) {
		out = append(out, c.rules[k]...)
	}
	return out
}

// PutRule returns a catalog with r stored (replacing the rule of the
// same name on the table); a new rule gets an OID.
func (c *Catalog) PutRule(r Rule) *Catalog {
	n := c.clone()
	if r.OID == 0 {
		r.OID = n.allocOID()
	}
	n.rules = copyMap(c.rules)
	if n.rules == nil {
		n.rules = map[QName][]*Rule{}
	}
	var rs []*Rule
	for _, o := range n.rules[r.Table] {
		if o.Name != r.Name {
			rs = append(rs, o)
		}
	}
	rs = append(rs, &r)
	sort.Slice(rs, func(i, j int) bool { return rs[i].Name < rs[j].Name })
	n.rules[r.Table] = rs
	return n
}

// DropRule returns a catalog without rule name of table q.
func (c *Catalog) DropRule(q QName, name string) *Catalog {
	n := c.clone()
	n.rules = copyMap(c.rules)
	var rs []*Rule
	for _, o := range n.rules[q] {
		if o.Name != name {
			rs = append(rs, o)
		}
	}
	if len(rs) == 0 {
		delete(n.rules, q)
	} else {
		n.rules[q] = rs
	}
	return n
}

// DropRules returns a catalog without the rules of table q (DROP TABLE).
func (c *Catalog) DropRules(q QName) *Catalog {
	if len(c.Rules(q)) == 0 {
		return c
	}
	n := c.clone()
	n.rules = copyMap(c.rules)
	delete(n.rules, q)
	return n
}
