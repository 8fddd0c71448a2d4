package ddl

import (
	"fmt"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Partitioned indexes (docs: CREATE INDEX "ON ONLY", ALTER INDEX ...
// ATTACH PARTITION, 5.11.2.2): each index of a partitioned table has at
// most one attached index per partition (catalog/index_inherits.go). An
// index made ON ONLY a table with partitions is invalid until every
// partition has a valid attached index, which is how pg_dump writes a
// partitioned table's indexes and key constraints.

// AttachIndex runs ALTER INDEX parent ATTACH PARTITION child with
// PostgreSQL's checks in its order (tablecmds.c ATExecAttachPartitionIdx);
// attaching an index already attached to parent does nothing.
func AttachIndex(h Host, c *translate.AttachIndex) error {
	ctx := h.SQLContext()
	pt, isTable := findIndex(h, ctx, c.Parent.Schema, c.Parent.Name)
	if pt == nil {
		if isTable {
			return pgerror.New(pgerror.WrongObjectType, "ALTER action ATTACH PARTITION cannot be performed on relation %q", c.Parent.Name).
				WithDetail("This operation is not supported for tables.")
		}
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Parent.Name)
	}
	cat := h.Catalog()
	ptq := tableQName(pt)
	if _, ok := cat.Partitioned(ptq); !ok {
		return pgerror.New(pgerror.WrongObjectType, "ALTER action ATTACH PARTITION cannot be performed on relation %q", c.Parent.Name).
			WithDetail("This operation is not supported for indexes.")
	}
	ct, isTable := findIndex(h, ctx, c.Child.Schema, c.Child.Name)
	if ct == nil {
		if isTable {
			return pgerror.New(pgerror.InvalidObjectDefinition, "%q is not an index", c.Child.Name)
		}
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Child.Name)
	}
	ctq := tableQName(ct)
	pk, ck := catalog.IndexKey(ptq, c.Parent.Name), catalog.IndexKey(ctq, c.Child.Name)
	cur, attached := cat.IndexParent(ck)
	if attached && cur == pk {
		return nil
	}
	cannot := func(code, detail string, args ...any) error {
		return pgerror.New(code, "cannot attach index %q as a partition of index %q", c.Child.Name, c.Parent.Name).
			WithDetail(detail, args...)
	}
	if attached && indexExists(ctx, h, cur) {
		return cannot(pgerror.ObjectNotInPrerequisiteState, "Index %q is already attached to another index.", c.Child.Name)
	}
	if p, ok := cat.PartitionParent(ctq); !ok || p != ptq {
		return cannot(pgerror.ObjectNotInPrerequisiteState, "Index %q is not an index on any partition of table %q.", c.Child.Name, pt.Name())
	}
	pix, _ := indexNamed(ctx, pt, c.Parent.Name)
	cix, _ := indexNamed(ctx, ct, c.Child.Name)
	if !sameIndexDef(pix, cix) {
		return cannot(pgerror.InvalidObjectDefinition, "The index definitions do not match.")
	}
	if isConstraintIndex(ctx, pt, pix.Name) && !isConstraintIndex(ctx, ct, cix.Name) {
		return cannot(pgerror.InvalidObjectDefinition, "The index %q belongs to a constraint in table %q but no constraint exists for index %q.",
			c.Parent.Name, pt.Name(), c.Child.Name)
	}
	for _, other := range cat.IndexChildren(pk) {
		if other.Schema == ctq.Schema && other.Name == ctq.Name && indexExists(ctx, h, other) {
			return cannot(pgerror.ObjectNotInPrerequisiteState, "Another index is already attached for partition %q.", ct.Name())
		}
	}
	h.SetCatalog(h.Catalog().AttachIndex(ck, pk))
	validatePartitionedIndex(h, ctx, pk)
	return nil
}

// validatePartitionedIndex makes partitioned index k valid once every
// partition of its table has a valid index attached to it, and then the
// index k is attached to, in turn (tablecmds.c validatePartitionedIndex).
func validatePartitionedIndex(h Host, ctx *sql.Context, k catalog.ObjectKey) {
	cat := h.Catalog()
	valid := 0
	for _, child := range cat.IndexChildren(k) {
		if cat.IndexValid(child) && indexExists(ctx, h, child) {
			valid++
		}
	}
	if valid != len(cat.Children(catalog.QName{Schema: k.Schema, Name: k.Name})) || cat.IndexValid(k) {
		return
	}
	h.SetCatalog(cat.SetIndexValid(k, true))
	if p, ok := cat.IndexParent(k); ok {
		validatePartitionedIndex(h, ctx, p)
	}
}

// attachMatching attaches to parent index pix (of partitioned table
// parent) the first index of partition child that has its definition
// and is attached to none (a constraint's index needs a constraint's);
// ok is false when child has none. A new partition's, an attached
// table's and CREATE INDEX's existing matching indexes are taken this
// way rather than made again (DefineIndex, AttachPartitionEnsureIndexes).
func attachMatching(h Host, ctx *sql.Context, parent catalog.QName, pix storage.IndexInfo, child catalog.QName) (bool, error) {
	ct, ok := h.Table(ctx, child.Schema, child.Name)
	if !ok {
		return false, nil
	}
	pt, ok := h.Table(ctx, parent.Schema, parent.Name)
	if !ok {
		return false, nil
	}
	pk := catalog.IndexKey(parent, pix.Name)
	cat := h.Catalog()
	for _, other := range cat.IndexChildren(pk) {
		if other.Schema == child.Schema && other.Name == child.Name && indexExists(ctx, h, other) {
			return true, nil // already has one
		}
	}
	cixs, err := ct.Indexes(ctx)
	if err != nil {
		return false, err
	}
	needConstraint := isConstraintIndex(ctx, pt, pix.Name)
	for _, cix := range cixs {
		ck := catalog.IndexKey(child, cix.Name)
		if cix.ForFK || !sameIndexDef(pix, cix) || pix.PrimaryKey != cix.PrimaryKey {
			continue
		}
		if _, taken := cat.IndexParent(ck); taken {
			continue
		}
		if needConstraint && !isConstraintIndex(ctx, ct, cix.Name) {
			continue
		}
		h.SetCatalog(cat.AttachIndex(ck, pk))
		if !cat.IndexValid(ck) {
			h.SetCatalog(h.Catalog().SetIndexValid(pk, false))
		}
		return true, nil
	}
	return false, nil
}

// linkNewKeyIndexes runs TableDDL.IndexLinks for the constraint indexes
// a sequence added to its table (those not in before): under ONLY a
// partitioned table's are invalid while it has partitions; a
// partition's are attached to its partitioned table's matching ones.
func linkNewKeyIndexes(h Host, ctx *sql.Context, c *translate.TableDDL, before map[string]bool) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	q := tableQName(t)
	ixs, err := t.Indexes(ctx)
	if err != nil {
		return err
	}
	cat := h.Catalog()
	for _, ix := range ixs {
		if before[ix.Name] || ix.ForFK {
			continue
		}
		switch c.IndexLinks {
		case "only":
			if len(cat.Children(q)) > 0 {
				h.SetCatalog(h.Catalog().SetIndexValid(catalog.IndexKey(q, ix.Name), false))
			}
		case "attach":
			parent, ok := cat.PartitionParent(q)
			if !ok {
				continue
			}
			pt, ok := h.Table(ctx, parent.Schema, parent.Name)
			if !ok {
				continue
			}
			pixs, err := pt.Indexes(ctx)
			if err != nil {
				return err
			}
			for _, pix := range pixs {
				if pix.ForFK || !sameIndexDef(pix, ix) || pix.PrimaryKey != ix.PrimaryKey || !isConstraintIndex(ctx, pt, pix.Name) {
					continue
				}
				if _, taken := h.Catalog().IndexParent(catalog.IndexKey(q, ix.Name)); taken {
					break
				}
				if _, err := attachMatching(h, ctx, parent, pix, q); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// indexNames are the names of table schema.name's indexes, to tell the
// ones a statement adds.
func indexNames(h Host, ctx *sql.Context, schema, name string) map[string]bool {
	out := map[string]bool{}
	t, ok := h.Table(ctx, schema, name)
	if !ok {
		return out
	}
	ixs, _ := t.Indexes(ctx)
	for _, ix := range ixs {
		out[ix.Name] = true
	}
	return out
}

// dropAttachedCheck refuses DROP INDEX of an index attached to a
// partitioned index (PostgreSQL's dependency error).
func dropAttachedCheck(h Host, ctx *sql.Context, t *storage.Table, name string) error {
	p, ok := h.Catalog().IndexParent(catalog.IndexKey(tableQName(t), name))
	if !ok || !indexExists(ctx, h, p) {
		return nil
	}
	e := pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop index %s because index %s requires it", name, p.Column)
	e.Hint = fmt.Sprintf("You can drop index %s instead.", p.Column)
	return e
}

// dropAttachedIndexes drops the indexes attached to index k, and theirs,
// with it (they depend on it), and forgets k's links.
func dropAttachedIndexes(h Host, ctx *sql.Context, k catalog.ObjectKey) error {
	for _, child := range h.Catalog().IndexChildren(k) {
		if err := dropAttachedIndexes(h, ctx, child); err != nil {
			return err
		}
		if t, ok := h.Table(ctx, child.Schema, child.Name); ok && hasIndex(ctx, t, child.Column) {
			if err := t.DropIndex(ctx, child.Column); err != nil {
				return err
			}
		}
	}
	h.SetCatalog(h.Catalog().DropIndexLinks(k).DropIndexColumnSettings(catalog.QName{Schema: k.Schema, Name: k.Name}, k.Column))
	return nil
}

// detachPartitionIndexes detaches the indexes of partition child from
// its partitioned table's (DETACH PARTITION).
func detachPartitionIndexes(h Host, child catalog.QName) {
	cat := h.Catalog()
	for _, l := range cat.IndexLinks() {
		if l.Child.Schema == child.Schema && l.Child.Name == child.Name {
			cat = cat.DetachIndex(l.Child)
		}
	}
	h.SetCatalog(cat)
}

// indexExists reports whether index k still exists (a link may outlive
// an index dropped with its constraint).
func indexExists(ctx *sql.Context, h Host, k catalog.ObjectKey) bool {
	t, ok := h.Table(ctx, k.Schema, k.Name)
	return ok && hasIndex(ctx, t, k.Column)
}

func indexNamed(ctx *sql.Context, t *storage.Table, name string) (storage.IndexInfo, bool) {
	ixs, err := t.Indexes(ctx)
	if err != nil {
		return storage.IndexInfo{}, false
	}
	for _, ix := range ixs {
		if ix.Name == name && !ix.ForFK {
			return ix, true
		}
	}
	return storage.IndexInfo{}, false
}

// isConstraintIndex reports whether index name of t is a PRIMARY KEY,
// UNIQUE or exclusion constraint's.
func isConstraintIndex(ctx *sql.Context, t *storage.Table, name string) bool {
	switch TableInfo(ctx, t).Constraints[name] {
	case 'p', 'u', 'x':
		return true
	}
	return false
}

func tableQName(t *storage.Table) catalog.QName {
	return catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
}

// sameIndexDef reports whether two indexes are defined alike, as
// CompareIndexInfo compares them: uniqueness, access method, key parts
// (columns by name, expressions by text), operator classes, orderings,
// collations, INCLUDE columns and predicate; storage parameters aside.
func sameIndexDef(a, b storage.IndexInfo) bool {
	keys := func(ix storage.IndexInfo) []string {
		if ix.Expression {
			return ix.Source
		}
		return ix.Columns
	}
	method := func(ix storage.IndexInfo) string {
		if ix.AM.Method == "" {
			return "btree"
		}
		return ix.AM.Method
	}
	n := len(keys(a))
	return a.Unique == b.Unique && a.Expression == b.Expression && method(a) == method(b) &&
		slices.Equal(keys(a), keys(b)) && a.WhereSource == b.WhereSource && a.Partial == b.Partial &&
		samePerKey(a.AM.Opclass, b.AM.Opclass, n) && samePerKey(a.AM.Ordering, b.AM.Ordering, n) &&
		samePerKey(a.AM.Collation, b.AM.Collation, n) && slices.Equal(a.AM.Include, b.AM.Include)
}

// samePerKey compares per-key-part lists where a missing entry is "".
func samePerKey(a, b []string, n int) bool {
	at := func(s []string, i int) string {
		if i < len(s) {
			return s[i]
		}
		return ""
	}
	for i := 0; i < max(n, len(a), len(b)); i++ {
		if at(a, i) != at(b, i) {
			return false
		}
	}
	return true
}

// DropIndexLinks forgets the links of the key constraints an ALTER
// TABLE drops (translate.DropIndexLinks).
func DropIndexLinks(h Host, c *translate.DropIndexLinks) error {
	cat := h.Catalog()
	for _, k := range c.Keys {
		cat = cat.DropIndexLinks(k)
	}
	h.SetCatalog(cat)
	return nil
}
