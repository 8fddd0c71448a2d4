package catalog

import (
	"sort"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Operator is one user-defined operator (pg_operator; docs: SQL Commands,
// CREATE OPERATOR): an operator symbol bound to a function. Left is nil
// for a prefix operator.
type Operator struct {
	OID          uint32
	Schema, Name string
	Left, Right  *types.Type
	Result       *types.Type
	// Proc is the OID of the implementing function.
	Proc                uint32
	Commutator, Negator string
	Restrict, Join      string
	Owner               string
	HashesOK, MergesOK  bool
}

// Operators returns the operators called name in any schema, by OID.
func (c *Catalog) Operators(name string) []*Operator {
	if c == nil {
		return nil
	}
	return c.operators[name]
}

// AllOperators returns every user operator by name and OID.
func (c *Catalog) AllOperators() []*Operator {
	if c == nil {
		return nil
	}
	names := make([]string, 0, len(c.operators))
	for n := range c.operators {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []*Operator
	for _, n := range names {
		out = append(out, c.operators[n]...)
	}
	return out
}

// HasOperators reports whether any user operator exists.
func (c *Catalog) HasOperators() bool { return c != nil && len(c.operators) > 0 }

// PutOperator returns a catalog with o added (a new OID when o has none)
// or replacing the operator with its OID.
func (c *Catalog) PutOperator(o Operator) (*Catalog, *Operator) {
	n := c.clone()
	if o.OID == 0 {
		o.OID = n.allocOID()
	}
	n.operators = copyMap(n.operators)
	var rest []*Operator
	for _, p := range n.operators[o.Name] {
		if p.OID != o.OID {
			rest = append(rest, p)
		}
	}
	rest = append(rest, &o)
	sort.Slice(rest, func(i, j int) bool { return rest[i].OID < rest[j].OID })
	n.operators[o.Name] = rest
	return n, &o
}

// DropOperator returns a catalog without the operator whose OID is oid.
func (c *Catalog) DropOperator(oid uint32) *Catalog {
	n := c.clone()
	n.operators = copyMap(n.operators)
	for name, ops := range n.operators {
		var rest []*Operator
		for _, p := range ops {
			if p.OID != oid {
				rest = append(rest, p)
			}
		}
		if len(rest) == 0 {
			delete(n.operators, name)
		} else {
			n.operators[name] = rest
		}
	}
	return n
}

// ImageOperator is an Operator with its types written out.
type ImageOperator struct {
	OID                 uint32
	Schema, Name        string
	Left, Right, Result TypeRef
	Proc                uint32
	Commutator, Negator string
	Restrict, Join      string
	Owner               string
	HashesOK, MergesOK  bool
}
