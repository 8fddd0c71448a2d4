package catalog

import (
	"github.com/tinybase/tinybase/engine/internal/types"
)

// PartitionBound is a partition's FOR VALUES clause as data (docs: CREATE
// TABLE, "partition_bound_spec"), beside the printed form in
// Inheritance.Bound: what routing and ATTACH PARTITION's overlap check
// compare rows and other bounds against.
type PartitionBound struct {
	Default  bool
	Strategy byte // 'r', 'l', 'h' as PartitionKey.Strategy
	// In is a list partition's values; From / To a range partition's
	// lower (inclusive) and upper (exclusive) bounds, one per key column.
	In, From, To []BoundDatum
	// Modulus and Remainder are a hash partition's.
	Modulus, Remainder int
}

// BoundDatum is one value of a bound: the text form of a constant of its
// key column's type, NULL (list partitions), or MINVALUE / MAXVALUE.
type BoundDatum struct {
	Kind int8 // 0: a value (or NULL); -1 MINVALUE; +1 MAXVALUE
	Null bool
	Text string
}

// BoundValues are a bound's datums read as values of the key's column
// types: the compiled form a router evaluates rows with.
type BoundValues struct {
	Bound    *PartitionBound
	In       []any // list values; NULL as nil, with HasNull set
	HasNull  bool
	From, To []any
}

// Compile reads the bound's datums with the key columns' types.
func (b *PartitionBound) Compile(keyTypes []*types.Type, env *types.Env) (*BoundValues, error) {
	out := &BoundValues{Bound: b}
	read := func(ds []BoundDatum, typ func(i int) *types.Type) ([]any, error) {
		vs := make([]any, len(ds))
		for i, d := range ds {
			if d.Kind != 0 || d.Null {
				continue
			}
			v, err := types.Input(typ(i), d.Text, env)
			if err != nil {
				return nil, err
			}
			vs[i] = v
		}
		return vs, nil
	}
	var err error
	switch b.Strategy {
	case 'l':
		for _, d := range b.In {
			if d.Null {
				out.HasNull = true
			}
		}
		out.In, err = read(b.In, func(int) *types.Type { return keyTypes[0] })
	case 'r':
		at := func(i int) *types.Type { return keyTypes[i] }
		if out.From, err = read(b.From, at); err == nil {
			out.To, err = read(b.To, at)
		}
	}
	return out, err
}

// Accepts reports whether a row whose partition key values are key (typed
// as keyTypes, hash the row's partition hash for hash partitioning)
// belongs to the partition. A DEFAULT partition accepts nothing here: the
// caller falls back to it when no sibling accepts the row.
func (v *BoundValues) Accepts(keyTypes []*types.Type, key []any, hash uint64) bool {
	b := v.Bound
	if b.Default {
		return false
	}
	switch b.Strategy {
	case 'l':
		if key[0] == nil {
			return v.HasNull
		}
		for i, x := range v.In {
			if b.In[i].Null {
				continue
			}
			if types.Compare(keyTypes[0], key[0], x) == 0 {
				return true
			}
		}
		return false
	case 'h':
		return b.Modulus > 0 && hash%uint64(b.Modulus) == uint64(b.Remainder)
	}
	for _, k := range key {
		if k == nil {
			return false // a range partition holds no NULL key
		}
	}
	return compareRangeBound(keyTypes, key, b.From, v.From) >= 0 && compareRangeBound(keyTypes, key, b.To, v.To) < 0
}

// compareRangeBound compares a key with one side of a range bound, column
// by column as PostgreSQL's partition_rbound_datum_cmp does: MINVALUE is
// below and MAXVALUE above every value, and decides the comparison.
func compareRangeBound(keyTypes []*types.Type, key []any, ds []BoundDatum, vals []any) int {
	for i := range ds {
		switch ds[i].Kind {
		case -1:
			return 1
		case 1:
			return -1
		}
		if c := types.Compare(keyTypes[i], key[i], vals[i]); c != 0 {
			return c
		}
	}
	return 0
}

// CompareRangeBounds orders two range bound sides (lower or upper) of the
// same key as partition_rbound_cmp does, for the overlap check; a lower
// bound sorts after an equal upper bound only when both are lower (the
// caller compares like with like, so equality is 0).
func CompareRangeBounds(keyTypes []*types.Type, a []BoundDatum, av []any, b []BoundDatum, bv []any) int {
	for i := range a {
		if a[i].Kind != 0 || b[i].Kind != 0 {
			if a[i].Kind != b[i].Kind {
				if a[i].Kind < b[i].Kind {
					return -1
				}
				return 1
			}
			return 0 // both MINVALUE or both MAXVALUE: the rest is ignored
		}
		if c := types.Compare(keyTypes[i], av[i], bv[i]); c != 0 {
			return c
		}
	}
	return 0
}
