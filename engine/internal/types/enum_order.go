package types

import "sort"

// An enum's labels have a sort order, pg_enum.enumsortorder (a float4):
// CREATE TYPE numbers them 1, 2, 3…, ALTER TYPE ... ADD VALUE puts a new
// label half-way between its neighbours, and a superuser may rewrite them
// with UPDATE pg_enum. enum_range, enum_first and enum_last list labels
// by it. Comparisons follow Labels, the order the labels had when they
// were added: PostgreSQL compares two labels of the original CREATE TYPE
// by their OIDs (assigned in that order), not by enumsortorder, so
// rewriting pg_enum does not reorder them.

// SortOrders returns the enumsortorder of each of t's labels.
func (t *Type) SortOrders() []float32 {
	if len(t.EnumOrders) == len(t.Labels) {
		return t.EnumOrders
	}
	out := make([]float32, len(t.Labels))
	for i := range out {
		out[i] = float32(i + 1)
	}
	return out
}

// SortedLabels returns t's labels by enumsortorder.
func (t *Type) SortedLabels() []string {
	if t.EnumOrders == nil {
		return t.Labels
	}
	out := append([]string(nil), t.Labels...)
	orders := append([]float32(nil), t.SortOrders()...)
	sort.Stable(labelsByOrder{out, orders})
	return out
}

type labelsByOrder struct {
	l []string
	o []float32
}

func (e labelsByOrder) Len() int           { return len(e.l) }
func (e labelsByOrder) Less(i, j int) bool { return e.o[i] < e.o[j] }
func (e labelsByOrder) Swap(i, j int) {
	e.l[i], e.l[j] = e.l[j], e.l[i]
	e.o[i], e.o[j] = e.o[j], e.o[i]
}

// PlainOrders returns nil when orders are 1, 2, 3…, the form EnumOrders
// keeps them in then.
func PlainOrders(orders []float32) []float32 {
	for i, o := range orders {
		if o != float32(i+1) {
			return orders
		}
	}
	return nil
}
