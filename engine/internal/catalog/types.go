package catalog

import (
	"github.com/tinybase/tinybase/engine/internal/types"
)

// TypeDef is a user-defined type: an enum or a domain.
type TypeDef struct {
	// Type is the type as expressions and columns use it. For a domain,
	// Type.Domain is the base type (with its typmod).
	Type *types.Type
	// Domain constraints and default (domains only).
	NotNull bool
	Checks  []Check
	Default string // SQL text of the default expression, "" when none
	// NextAttnum is the attnum a composite type's next ADD ATTRIBUTE
	// takes once attributes were dropped (dropped numbers are never
	// reused); 0 means one past the last field's.
	NextAttnum int16
}

// Check is a named CHECK constraint of a domain; Expr is its SQL text,
// with VALUE standing for the value being checked. NotValid marks one
// added NOT VALID and not validated since: new values are checked,
// stored ones were not (pg_constraint.convalidated).
type Check struct {
	Name, Expr string
	NotValid   bool
}

// IsDomain reports whether d is a domain.
func (d *TypeDef) IsDomain() bool { return d.Type.Domain != nil }

// Type returns the user type named q.
func (c *Catalog) Type(q QName) (*TypeDef, bool) {
	if c == nil {
		return nil, false
	}
	d, ok := c.types[q]
	return d, ok
}

// Types returns every user type, ordered by schema and name.
func (c *Catalog) Types() []*TypeDef {
	if c == nil {
		return nil
	}
	out := make([]*TypeDef, 0, len(c.types))
	for _, k := range sortedKeys(c.types) {
		out = append(out, c.types[k])
	}
	return out
}

// NewEnum returns a catalog with enum type q and its array type, and the
// new type. The caller has checked that q is free.
func (c *Catalog) NewEnum(q QName, labels []string) (*Catalog, *types.Type) {
	n := c.clone()
	t := &types.Type{Kind: types.KindEnum, Name: q.Name, SQLName: q.Name, Schema: q.Schema,
		Category: 'E', Mod: -1, Len: 4, Labels: append([]string(nil), labels...)}
	t.OID = n.allocOID()
	t.ArrayOID = n.allocOID()
	n.types = copyMap(n.types)
	n.types[q] = &TypeDef{Type: t}
	return n, t
}

// NewDomain returns a catalog with domain q over base. The domain's Type
// is built by the caller (which attaches the compiled constraints) from
// the OIDs this returns.
func (c *Catalog) NewDomain(q QName, def *TypeDef) (*Catalog, *TypeDef) {
	n := c.clone()
	d := *def
	t := *def.Type
	t.OID = n.allocOID()
	t.ArrayOID = n.allocOID()
	d.Type = &t
	n.types = copyMap(n.types)
	n.types[q] = &d
	return n, &d
}

// ReplaceType returns a catalog where q's definition is def (same OIDs):
// ALTER TYPE ... ADD VALUE, ALTER DOMAIN.
func (c *Catalog) ReplaceType(q QName, def *TypeDef) *Catalog {
	n := c.clone()
	n.types = copyMap(n.types)
	n.types[q] = def
	return n
}

// DropType returns a catalog without type q (and its comment).
func (c *Catalog) DropType(q QName) *Catalog {
	n := c.clone()
	n.types = copyMap(n.types)
	delete(n.types, q)
	return n.withoutComments(func(k ObjectKey) bool { return k.Kind == ObjType && k.Schema == q.Schema && k.Name == q.Name })
}

// DomainChain is d and the domains it is over, outermost first (d
// itself as given, which may be a version not yet in c).
func (c *Catalog) DomainChain(d *TypeDef) []*TypeDef {
	out := []*TypeDef{d}
	for b := d.Type.Domain; b != nil && b.Domain != nil && len(out) < 64; {
		// by OID: b may be the version of the base the domain was made
		// over, before a rename
		bt, ok := c.TypeByOID(b.OID)
		if !ok {
			break
		}
		bd, ok := c.Type(QName{Schema: bt.Schema, Name: bt.Name})
		if !ok || !bd.IsDomain() {
			break
		}
		out = append(out, bd)
		b = bd.Type.Domain
	}
	return out
}

// DomainConstrained reports whether values of domain d are checked: d or
// a domain it is over has a constraint.
func (c *Catalog) DomainConstrained(d *TypeDef) bool {
	for _, x := range c.DomainChain(d) {
		if x.NotNull || len(x.Checks) > 0 {
			return true
		}
	}
	return false
}
