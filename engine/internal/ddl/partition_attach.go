package ddl

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// AttachPartition runs ALTER TABLE ... ATTACH PARTITION (docs 5.11.2.2):
// the bound must not overlap a sibling's, the table's rows must fit it,
// and a DEFAULT partition's rows must not.
func AttachPartition(h Host, c *translate.AttachPartition) error {
	if c.Inherit {
		return addInherit(h, c) // inherits.go
	}
	ctx := h.SQLContext()
	if err := checkPartitionBound(h, ctx, c.Parent, c.Child.Name, c.Spec); err != nil {
		return err
	}
	cat := h.Catalog()
	key, _ := cat.Partitioned(c.Parent)
	pt, ok := h.Table(ctx, c.Parent.Schema, c.Parent.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Parent.Name)
	}
	pk, err := compileKey(h, key, pt.Schema())
	if err != nil {
		return err
	}
	keyTypes := pk.Types
	bv, err := c.Spec.Compile(keyTypes, h.Env())
	if err != nil {
		return err
	}
	siblings, def, err := siblingBounds(h, c.Parent, keyTypes)
	if err != nil {
		return err
	}
	accepts := func(b *catalog.BoundValues, row sql.Row) (bool, error) {
		vals, err := pk.Values(ctx, row)
		if err != nil {
			return false, err
		}
		var hash uint64
		if b.Bound.Strategy == 'h' {
			hv, ok := catalog.PartitionHash(keyTypes, vals)
			if !ok {
				return false, pgerror.New(pgerror.FeatureNotSupported, "hash partitioning on a key of type %s is not supported yet", keyTypes[0].FormatType())
			}
			hash = hv
		}
		if !b.Bound.Default {
			return b.Accepts(keyTypes, vals, hash), nil
		}
		for _, s := range siblings {
			if s.Accepts(keyTypes, vals, hash) {
				return false, nil
			}
		}
		return true, nil
	}
	ct, ok := h.Table(ctx, c.Child.Schema, c.Child.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Child.Name)
	}
	if err := attachConstraints(ctx, pt, ct); err != nil { // partition_checks.go
		return err
	}
	if err := eachRow(ctx, h, c.Child, ct, func(row sql.Row) error {
		fits, err := accepts(bv, RemapRow(ct.Schema(), pt.Schema(), row))
		if err == nil && !fits {
			err = &pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Schema: c.Child.Schema, Table: c.Child.Name,
				Message: fmt.Sprintf("partition constraint of relation %q is violated by some row", c.Child.Name)}
		}
		return err
	}); err != nil {
		return err
	}
	if !c.Spec.Default {
		if err := checkDefaultRows(h, ctx, def, pk, bv); err != nil {
			return err
		}
	}
	next, err := clonePartitionTriggers(cat.PutInheritance(catalog.Inheritance{Table: c.Child, Parents: []catalog.QName{c.Parent}, Bound: c.Bound, Spec: c.Spec}), c.Parent, c.Child)
	if err != nil {
		return err
	}
	h.SetCatalog(next)
	if err := clonePartitionIndexes(h, ctx, c.Child.Schema, c.Child.Name); err != nil { // partition_index.go
		return err
	}
	return clonePartitionForeignKeys(h, ctx, c.Child.Schema, c.Child.Name) // partition_fks.go
}

// checkDefaultRows refuses a new bound that accepts a row the DEFAULT
// partition def holds (zero def: none).
func checkDefaultRows(h Host, ctx *sql.Context, def catalog.QName, pk *partitionKey, bv *catalog.BoundValues) error {
	if def == (catalog.QName{}) {
		return nil
	}
	dt, ok := h.Table(ctx, def.Schema, def.Name)
	if !ok {
		return nil
	}
	return eachRow(ctx, h, def, dt, func(row sql.Row) error {
		vals, err := pk.Values(ctx, RemapRow(dt.Schema(), pk.sch, row))
		if err != nil {
			return err
		}
		if bv.Accepts(pk.Types, vals, 0) {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Schema: def.Schema, Table: def.Name,
				Message: fmt.Sprintf("updated partition constraint for default partition %q would be violated by some row", def.Name)}
		}
		return nil
	})
}

// DetachPartition runs ALTER TABLE ... DETACH PARTITION: the table leaves
// the tree with its rows.
func DetachPartition(h Host, c *translate.DetachPartition) error {
	if c.Inherit {
		return dropInherit(h, c) // inherits.go
	}
	h.SetCatalog(h.Catalog().DetachInheritance(c.Child).DropClonedTriggers(c.Child))
	detachPartitionIndexes(h, c.Child) // index_attach.go
	return nil
}

// eachRow calls fn with each row of table q (a partitioned table's rows
// are its partitions').
func eachRow(ctx *sql.Context, h Host, q catalog.QName, t *storage.Table, fn func(sql.Row) error) error {
	rows, err := allRows(ctx, t)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := fn(r); err != nil {
			return err
		}
	}
	for _, c := range h.Catalog().Children(q) {
		ct, ok := h.Table(ctx, c.Schema, c.Name)
		if !ok {
			continue
		}
		if err := eachRow(ctx, h, c, ct, func(r sql.Row) error { return fn(RemapRow(ct.Schema(), t.Schema(), r)) }); err != nil {
			return err
		}
	}
	return nil
}

// RemapRow rearranges a row of schema from into schema to by column name
// (a partition's or inheritance child's row as its parent's).
func RemapRow(from, to sql.Schema, row sql.Row) sql.Row {
	out := make(sql.Row, len(to))
	for i, c := range to {
		if j := from.IndexOfColName(c.Name); j >= 0 && j < len(row) {
			out[i] = row[j]
		}
	}
	return out
}

// checkPartitionBound refuses a new partition's bound that overlaps a
// sibling's, as PostgreSQL's check_new_partition_bound does (42P17).
func checkPartitionBound(h Host, ctx *sql.Context, parent catalog.QName, name string, spec *catalog.PartitionBound) error {
	cat := h.Catalog()
	key, ok := cat.Partitioned(parent)
	if !ok || spec == nil {
		return nil
	}
	overlap := func(other catalog.QName) error {
		return pgerror.New(pgerror.InvalidObjectDefinition, "partition %q would overlap partition %q", name, other.Name)
	}
	if spec.Default {
		for _, c := range cat.Children(parent) {
			if inh := cat.Inherits(c); inh != nil && inh.Spec != nil && inh.Spec.Default && c.Name != name {
				return pgerror.New(pgerror.InvalidObjectDefinition, "partition %q conflicts with existing default partition %q", name, c.Name)
			}
		}
		return nil
	}
	pt, ok := h.Table(ctx, parent.Schema, parent.Name)
	if !ok {
		return nil
	}
	pk, err := compileKey(h, key, pt.Schema())
	if err != nil {
		return err
	}
	keyTypes := pk.Types
	nb, err := spec.Compile(keyTypes, h.Env())
	if err != nil {
		return err
	}
	if spec.Strategy == 'r' && catalog.CompareRangeBounds(keyTypes, spec.From, nb.From, spec.To, nb.To) >= 0 {
		from, to := rangeSides(spec)
		return pgerror.New(pgerror.InvalidObjectDefinition, "empty range bound specified for partition %q", name).
			WithDetail("Specified lower bound %s is greater than or equal to upper bound %s.", from, to)
	}
	for _, c := range cat.Children(parent) {
		inh := cat.Inherits(c)
		if inh == nil || inh.Spec == nil || inh.Spec.Default || c.Name == name {
			continue
		}
		ob, err := inh.Spec.Compile(keyTypes, h.Env())
		if err != nil {
			return err
		}
		switch spec.Strategy {
		case 'r':
			if catalog.CompareRangeBounds(keyTypes, spec.From, nb.From, inh.Spec.To, ob.To) < 0 &&
				catalog.CompareRangeBounds(keyTypes, inh.Spec.From, ob.From, spec.To, nb.To) < 0 {
				return overlap(c)
			}
		case 'l':
			if nb.HasNull && ob.HasNull {
				return overlap(c)
			}
			for i, v := range nb.In {
				if spec.In[i].Null {
					continue
				}
				for j, w := range ob.In {
					if !inh.Spec.In[j].Null && types.Compare(keyTypes[0], v, w) == 0 {
						return overlap(c)
					}
				}
			}
		case 'h':
			mn, ms := spec.Modulus, inh.Spec.Modulus
			switch {
			case mn < ms && ms%mn != 0:
				return pgerror.New(pgerror.InvalidObjectDefinition, "every hash partition modulus must be a factor of the next larger modulus").
					WithDetail("The new modulus %d is not a factor of %d, the modulus of existing partition %q.", mn, ms, c.Name)
			case mn > ms && mn%ms != 0:
				return pgerror.New(pgerror.InvalidObjectDefinition, "every hash partition modulus must be a factor of the next larger modulus").
					WithDetail("The new modulus %d is not divisible by %d, the modulus of existing partition %q.", mn, ms, c.Name)
			}
			m := min(mn, ms)
			if spec.Remainder%m == inh.Spec.Remainder%m {
				return overlap(c)
			}
		}
	}
	return nil
}

// rangeSides are a range bound's FROM and TO lists as printed.
func rangeSides(spec *catalog.PartitionBound) (string, string) {
	side := func(ds []catalog.BoundDatum) string {
		var parts []string
		for _, d := range ds {
			switch {
			case d.Kind < 0:
				parts = append(parts, "MINVALUE")
			case d.Kind > 0:
				parts = append(parts, "MAXVALUE")
			default:
				parts = append(parts, d.Text)
			}
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	return side(spec.From), side(spec.To)
}

// siblingBounds are the compiled bounds of a partitioned table's non-DEFAULT
// partitions, and its DEFAULT partition (zero when it has none).
func siblingBounds(h Host, parent catalog.QName, keyTypes []*types.Type) ([]*catalog.BoundValues, catalog.QName, error) {
	cat := h.Catalog()
	var out []*catalog.BoundValues
	var def catalog.QName
	for _, c := range cat.Children(parent) {
		inh := cat.Inherits(c)
		if inh == nil || inh.Spec == nil {
			continue
		}
		if inh.Spec.Default {
			def = c
			continue
		}
		bv, err := inh.Spec.Compile(keyTypes, h.Env())
		if err != nil {
			return nil, def, err
		}
		out = append(out, bv)
	}
	return out, def, nil
}

// partitionKey is a partition key compiled over its partitioned table's
// rows (sch), which rows of other tables of the tree are remapped to.
type partitionKey struct {
	*translate.PartitionKeyEval
	sch sql.Schema
}

func compileKey(h Host, key *catalog.PartitionKey, sch sql.Schema) (*partitionKey, error) {
	tr := &translate.Translator{Env: h.Env(), Catalog: h.TranslatorCatalog()}
	k, err := tr.CompilePartitionKey(key, sch)
	if err != nil {
		return nil, err
	}
	return &partitionKey{PartitionKeyEval: k, sch: sch}, nil
}

// checkNewPartitionDefault is checkDefaultRows for CREATE TABLE ...
// PARTITION OF.
func checkNewPartitionDefault(h Host, parent catalog.QName, spec *catalog.PartitionBound) error {
	ctx := h.SQLContext()
	key, ok := h.Catalog().Partitioned(parent)
	if !ok || spec.Default || spec.Strategy == 'h' {
		return nil
	}
	pt, ok := h.Table(ctx, parent.Schema, parent.Name)
	if !ok {
		return nil
	}
	pk, err := compileKey(h, key, pt.Schema())
	if err != nil {
		return err
	}
	_, def, err := siblingBounds(h, parent, pk.Types)
	if err != nil || def == (catalog.QName{}) {
		return err
	}
	bv, err := spec.Compile(pk.Types, h.Env())
	if err != nil {
		return err
	}
	return checkDefaultRows(h, ctx, def, pk, bv)
}
