package catalog

import "sort"

// EnumWithLabel returns an enum's labels and sort orders (parallel, in
// comparison order; types/enum_order.go) with label added as ALTER TYPE
// ... ADD VALUE does (pg_enum.c, AddEnumLabel): after the label last in
// sort order (neighbor ""), or before or after neighbor, half-way to the
// label next to it in sort order; when float4 has no value between the
// two, the labels are first renumbered 1, 2, 3… in sort order, as
// RenumberEnumType does. ok is false when neighbor is no label.
func EnumWithLabel(labels []string, orders []float32, label, neighbor string, before bool) ([]string, []float32, bool) {
	n := len(labels)
	byOrder := make([]int, n) // label indexes in sort order
	for i := range byOrder {
		byOrder[i] = i
	}
	sort.SliceStable(byOrder, func(a, b int) bool { return orders[byOrder[a]] < orders[byOrder[b]] })
	var order float32
	if neighbor == "" {
		order = 1
		if n > 0 {
			order = orders[byOrder[n-1]] + 1
		}
	} else {
		at := -1
		for k, i := range byOrder {
			if labels[i] == neighbor {
				at = k
			}
		}
		if at < 0 {
			return nil, nil, false
		}
		other := at + 1
		if before {
			other = at - 1
		}
		nbr := orders[byOrder[at]]
		switch {
		case other < 0:
			order = nbr - 1
		case other >= n:
			order = nbr + 1
		default:
			o := orders[byOrder[other]]
			order = (nbr + o) / 2
			if order == nbr || order == o {
				renumbered := make([]float32, n)
				for k, i := range byOrder {
					renumbered[i] = float32(k + 1)
				}
				return EnumWithLabel(labels, renumbered, label, neighbor, before)
			}
		}
	}
	// The new label compares by its sort order: it goes before the first
	// label ordered after it.
	pos := n
	for i, o := range orders {
		if o > order {
			pos = i
			break
		}
	}
	outL := append(append(append(make([]string, 0, n+1), labels[:pos]...), label), labels[pos:]...)
	outO := append(append(append(make([]float32, 0, n+1), orders[:pos]...), order), orders[pos:]...)
	return outL, outO, true
}
