package catalog

// Inheritance is one table's place in an inheritance tree (docs: 5.10
// Inheritance, 5.11 Table Partitioning): the tables it inherits from,
// in the order its INHERITS clause names them (pg_inherits.inhseqno),
// and, for a partition, the one partitioned parent and its bound as
// pg_get_expr(relpartbound) prints it ("FOR VALUES FROM (1) TO (10)").
type Inheritance struct {
	Table   QName
	Parents []QName
	Bound   string // "": not a partition
	// Spec is the bound as data (nil: not a partition)
	Spec *PartitionBound
	// Local are the columns an inheritance child defines itself that it
	// also inherits (declared in CREATE TABLE ... INHERITS, or had before
	// ALTER TABLE ... INHERIT): pg_attribute.attislocal
	Local []string
}

// PartitionKey is a partitioned table's PARTITION BY (pg_partitioned_table):
// its strategy letter ('r' range, 'l' list, 'h' hash) and its key parts,
// each a column or an expression over the row (docs 5.11.2: "PARTITION
// BY RANGE ((lower(email)))").
type PartitionKey struct {
	Table    QName
	Strategy byte
	// Columns are the key parts' columns, "" for an expression part.
	Columns []string
	// Exprs are the expression parts' PostgreSQL source text, "" for a
	// column part; nil when every part is a column.
	Exprs []string
}

// Expr is key part i's expression text ("" for a column part).
func (k *PartitionKey) Expr(i int) string {
	if i < len(k.Exprs) {
		return k.Exprs[i]
	}
	return ""
}

// HasExprs reports whether some key part is an expression (pg_partitioned_table.partexprs
// is not null), which rules out unique constraints on the table.
func (k *PartitionKey) HasExprs() bool {
	for _, e := range k.Exprs {
		if e != "" {
			return true
		}
	}
	return false
}

// Inheritances returns every table with parents, by table.
func (c *Catalog) Inheritances() []*Inheritance {
	if c == nil {
		return nil
	}
	out := make([]*Inheritance, 0, len(c.inherits))
	for _, k := range sortedKeys(c.inherits) {
		out = append(out, c.inherits[k])
	}
	return out
}

// Inherits returns table q's inheritance (nil: it has no parent).
func (c *Catalog) Inherits(q QName) *Inheritance {
	if c == nil {
		return nil
	}
	return c.inherits[q]
}

// PartitionParent is the partitioned table partition q belongs to (ok
// false when q is not a partition).
func (c *Catalog) PartitionParent(q QName) (QName, bool) {
	if inh := c.Inherits(q); inh != nil && inh.Spec != nil && len(inh.Parents) > 0 {
		return inh.Parents[0], true
	}
	return QName{}, false
}

// Children returns the tables inheriting directly from q (partitions
// included), by name.
func (c *Catalog) Children(q QName) []QName {
	if c == nil {
		return nil
	}
	var out []QName
	for _, k := range sortedKeys(c.inherits) {
		for _, p := range c.inherits[k].Parents {
			if p == q {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// PartitionKeys returns every partitioned table's key, by table.
func (c *Catalog) PartitionKeys() []*PartitionKey {
	if c == nil {
		return nil
	}
	out := make([]*PartitionKey, 0, len(c.partitioned))
	for _, k := range sortedKeys(c.partitioned) {
		out = append(out, c.partitioned[k])
	}
	return out
}

// Partitioned returns table q's partition key; ok is false for a table
// that is not partitioned.
func (c *Catalog) Partitioned(q QName) (*PartitionKey, bool) {
	if c == nil {
		return nil, false
	}
	k, ok := c.partitioned[q]
	return k, ok
}

// PutInheritance returns a catalog recording i.
func (c *Catalog) PutInheritance(i Inheritance) *Catalog {
	n := c.clone()
	n.inherits = copyMap(c.inherits)
	n.inherits[i.Table] = &i
	return n
}

// PutPartitionKey returns a catalog where k.Table is partitioned by k.
func (c *Catalog) PutPartitionKey(k PartitionKey) *Catalog {
	n := c.clone()
	n.partitioned = copyMap(c.partitioned)
	n.partitioned[k.Table] = &k
	return n
}

// DropInheritance returns a catalog without table q's inheritance and
// partition key (DROP TABLE q).
func (c *Catalog) DropInheritance(q QName) *Catalog {
	_, child := c.inherits[q]
	_, parted := c.partitioned[q]
	if !child && !parted {
		return c
	}
	n := c.clone()
	n.inherits, n.partitioned = copyMap(c.inherits), copyMap(c.partitioned)
	delete(n.inherits, q)
	delete(n.partitioned, q)
	return n
}

// renameInheritance makes the inheritance records naming table old name
// new (ALTER TABLE ... RENAME / SET SCHEMA).
func (n *Catalog) renameInheritance(old, new QName) {
	inh := make(map[QName]*Inheritance, len(n.inherits))
	for k, i := range n.inherits {
		ni := *i
		ni.Parents = append([]QName(nil), i.Parents...)
		for j, p := range ni.Parents {
			if p == old {
				ni.Parents[j] = new
			}
		}
		if k == old {
			k, ni.Table = new, new
		}
		inh[k] = &ni
	}
	parted := make(map[QName]*PartitionKey, len(n.partitioned))
	for k, p := range n.partitioned {
		if k == old {
			np := *p
			np.Table = new
			k, p = new, &np
		}
		parted[k] = p
	}
	if len(inh) > 0 || n.inherits != nil {
		n.inherits = inh
	}
	if len(parted) > 0 || n.partitioned != nil {
		n.partitioned = parted
	}
}

// renameInheritanceColumn follows a column rename in a partition key
// and a child's local columns.
func (n *Catalog) renameInheritanceColumn(table QName, old, new string) {
	if i, ok := n.inherits[table]; ok && len(i.Local) > 0 {
		ni := *i
		ni.Local = append([]string(nil), i.Local...)
		for j, c := range ni.Local {
			if c == old {
				ni.Local[j] = new
			}
		}
		n.inherits = copyMap(n.inherits)
		n.inherits[table] = &ni
	}
	p, ok := n.partitioned[table]
	if !ok {
		return
	}
	np := *p
	np.Columns = append([]string(nil), p.Columns...)
	for i, c := range np.Columns {
		if c == old {
			np.Columns[i] = new
		}
	}
	n.partitioned = copyMap(n.partitioned)
	n.partitioned[table] = &np
}

func inheritanceImage(c *Catalog) ([]Inheritance, []PartitionKey) {
	var inh []Inheritance
	for _, i := range c.Inheritances() {
		inh = append(inh, *i)
	}
	var keys []PartitionKey
	for _, k := range c.PartitionKeys() {
		keys = append(keys, *k)
	}
	return inh, keys
}

func (c *Catalog) inheritanceFromImage(inh []Inheritance, keys []PartitionKey) {
	for i := range inh {
		if c.inherits == nil {
			c.inherits = map[QName]*Inheritance{}
		}
		x := inh[i]
		c.inherits[x.Table] = &x
	}
	for i := range keys {
		if c.partitioned == nil {
			c.partitioned = map[QName]*PartitionKey{}
		}
		x := keys[i]
		c.partitioned[x.Table] = &x
	}
}

// HasInheritance reports whether any table has a parent or a partition
// key: the cheap test before DML looks for routing.
func (c *Catalog) HasInheritance() bool {
	return c != nil && (len(c.inherits) > 0 || len(c.partitioned) > 0)
}

// Descendants returns q's descendants, breadth first, each once.
func (c *Catalog) Descendants(q QName) []QName {
	var out []QName
	seen := map[QName]bool{q: true}
	queue := []QName{q}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, ch := range c.Children(p) {
			if !seen[ch] {
				seen[ch] = true
				out = append(out, ch)
				queue = append(queue, ch)
			}
		}
	}
	return out
}

// DetachInheritance returns a catalog where table q inherits nothing
// (ALTER TABLE ... DETACH PARTITION); a partition key of its own stays.
func (c *Catalog) DetachInheritance(q QName) *Catalog {
	if _, ok := c.inherits[q]; !ok {
		return c
	}
	n := c.clone()
	n.inherits = copyMap(c.inherits)
	delete(n.inherits, q)
	return n
}
