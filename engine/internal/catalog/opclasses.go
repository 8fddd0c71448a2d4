package catalog

import "sort"

// OpFamily is a user operator family (pg_opfamily; docs: SQL Commands,
// CREATE OPERATOR FAMILY) with its members: the operators (pg_amop) and
// support functions (pg_amproc) its classes and ALTER OPERATOR FAMILY
// gave it. Types are OIDs, which stay valid in an image: built-in types
// have fixed ones and user types keep theirs.
type OpFamily struct {
	OID          uint32
	Schema, Name string
	Method       string // access method name (btree, hash…)
	Owner        string
	Ops          []AmOp
	Procs        []AmProc
}

// AmOp is one operator of a family (pg_amop): strategy Strategy for
// Left and Right, Purpose 's' (search) or 'o' (ordering, with
// SortFamily).
type AmOp struct {
	OID         uint32
	Strategy    int16
	Left, Right uint32
	Operator    uint32
	Purpose     byte
	SortFamily  uint32
	Class       uint32 // the class that added it, 0 for ALTER OPERATOR FAMILY
}

// AmProc is one support function of a family (pg_amproc).
type AmProc struct {
	OID         uint32
	Number      int16
	Left, Right uint32
	Proc        uint32
	Class       uint32 // the class that added it, 0 for ALTER OPERATOR FAMILY
}

// OpClass is a user operator class (pg_opclass; docs: SQL Commands,
// CREATE OPERATOR CLASS): the family holding its members, the indexed
// type and the stored key type (0: the same).
type OpClass struct {
	OID          uint32
	Schema, Name string
	Method       string
	Owner        string
	Family       uint32
	InType       uint32
	Default      bool
	KeyType      uint32
}

// opclassSet is the user operator families and classes, by OID. It is
// replaced, never changed, when the catalog changes.
type opclassSet struct {
	Families []OpFamily
	Classes  []OpClass
}

// OpFamilies returns the user operator families by OID.
func (c *Catalog) OpFamilies() []OpFamily {
	if c == nil || c.opclasses == nil {
		return nil
	}
	return c.opclasses.Families
}

// OpClasses returns the user operator classes by OID.
func (c *Catalog) OpClasses() []OpClass {
	if c == nil || c.opclasses == nil {
		return nil
	}
	return c.opclasses.Classes
}

// OpFamily finds the user operator family of method called name in
// schema.
func (c *Catalog) OpFamily(schema, method, name string) (OpFamily, bool) {
	for _, f := range c.OpFamilies() {
		if f.Schema == schema && f.Method == method && f.Name == name {
			return f, true
		}
	}
	return OpFamily{}, false
}

// OpFamilyByOID finds a user operator family by OID.
func (c *Catalog) OpFamilyByOID(oid uint32) (OpFamily, bool) {
	for _, f := range c.OpFamilies() {
		if f.OID == oid {
			return f, true
		}
	}
	return OpFamily{}, false
}

// OpClass finds the user operator class of method called name in schema.
func (c *Catalog) OpClass(schema, method, name string) (OpClass, bool) {
	for _, o := range c.OpClasses() {
		if o.Schema == schema && o.Method == method && o.Name == name {
			return o, true
		}
	}
	return OpClass{}, false
}

// AllocOIDs returns a catalog with n OIDs taken and the first of them,
// for objects created with a family's members.
func (c *Catalog) AllocOIDs(n int) (*Catalog, uint32) {
	next := c.clone()
	first := next.allocOID()
	for i := 1; i < n; i++ {
		next.allocOID()
	}
	return next, first
}

// PutOpFamily returns a catalog with f added (a new OID when it has none)
// or replacing the family with its OID; members without OIDs get them.
func (c *Catalog) PutOpFamily(f OpFamily) (*Catalog, OpFamily) {
	n := c.clone()
	if f.OID == 0 {
		f.OID = n.allocOID()
	}
	f.Ops = append([]AmOp(nil), f.Ops...)
	f.Procs = append([]AmProc(nil), f.Procs...)
	for i := range f.Ops {
		if f.Ops[i].OID == 0 {
			f.Ops[i].OID = n.allocOID()
		}
	}
	for i := range f.Procs {
		if f.Procs[i].OID == 0 {
			f.Procs[i].OID = n.allocOID()
		}
	}
	set := n.copyOpclasses()
	set.Families = putByOID(set.Families, f, func(f OpFamily) uint32 { return f.OID })
	n.opclasses = set
	return n, f
}

// PutOpClass returns a catalog with o added (a new OID when it has none)
// or replacing the class with its OID.
func (c *Catalog) PutOpClass(o OpClass) (*Catalog, OpClass) {
	n := c.clone()
	if o.OID == 0 {
		o.OID = n.allocOID()
	}
	set := n.copyOpclasses()
	set.Classes = putByOID(set.Classes, o, func(o OpClass) uint32 { return o.OID })
	n.opclasses = set
	return n, o
}

// DropOpClass returns a catalog without the class whose OID is oid and
// without the family members it added.
func (c *Catalog) DropOpClass(oid uint32) *Catalog {
	n := c.clone()
	set := n.copyOpclasses()
	var classes []OpClass
	for _, o := range set.Classes {
		if o.OID != oid {
			classes = append(classes, o)
		}
	}
	set.Classes = classes
	for i, f := range set.Families {
		var ops []AmOp
		for _, m := range f.Ops {
			if m.Class != oid {
				ops = append(ops, m)
			}
		}
		var procs []AmProc
		for _, m := range f.Procs {
			if m.Class != oid {
				procs = append(procs, m)
			}
		}
		set.Families[i].Ops, set.Families[i].Procs = ops, procs
	}
	n.opclasses = set
	return n
}

// DropOpFamily returns a catalog without the family whose OID is oid and
// its classes.
func (c *Catalog) DropOpFamily(oid uint32) *Catalog {
	n := c.clone()
	set := n.copyOpclasses()
	var fams []OpFamily
	for _, f := range set.Families {
		if f.OID != oid {
			fams = append(fams, f)
		}
	}
	var classes []OpClass
	for _, o := range set.Classes {
		if o.Family != oid {
			classes = append(classes, o)
		}
	}
	set.Families, set.Classes = fams, classes
	n.opclasses = set
	return n
}

func (c *Catalog) copyOpclasses() *opclassSet {
	set := &opclassSet{}
	if c.opclasses != nil {
		set.Families = append(set.Families, c.opclasses.Families...)
		set.Classes = append(set.Classes, c.opclasses.Classes...)
	}
	return set
}

// putByOID replaces the element of list (a copy) with v's OID by v, or
// adds v, keeping the list in OID order.
func putByOID[T any](list []T, v T, oid func(T) uint32) []T {
	for i := range list {
		if oid(list[i]) == oid(v) {
			list[i] = v
			return list
		}
	}
	list = append(list, v)
	sort.Slice(list, func(i, j int) bool { return oid(list[i]) < oid(list[j]) })
	return list
}
