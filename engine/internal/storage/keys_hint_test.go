package storage

import (
	"math"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// TestKeyHintOrder checks that the integer trees' less functions, which
// decide by an entry's 32-bit hint when both have one, order keys as the
// general comparison does: values in and out of the hint's range, NULL,
// pivots shorter than the stored keys and index entries whose primary key
// is their ref's.
func TestKeyHintOrder(t *testing.T) {
	vals := []any{nil, int64(math.MinInt64), int64(math.MinInt32) - 1, int64(math.MinInt32), int64(-1), int64(0), int64(1), int64(7), int64(math.MaxInt32), int64(math.MaxInt32) + 1, int64(math.MaxInt64)}
	one := &keyOrder{types: []sql.Type{types.Int8}}
	two := &keyOrder{types: []sql.Type{types.Int8, types.Int8}}
	var ones, twos []*entry
	for i, v := range vals {
		for _, bias := range []int8{-1, 0, 1} {
			ones = append(ones, pivot(sql.Row{v}, bias))
			twos = append(twos, pivot(sql.Row{v}, bias))
		}
		for _, w := range vals {
			if v == nil || w == nil {
				continue
			}
			twos = append(twos, pivot(sql.Row{v, w}, 0))
			// an index entry: its key v, the primary key from its ref
			twos = append(twos, tailEntry(sql.Row{v}, primary(sql.Row{w}, sql.Row{w}, int64(i), 0)))
		}
	}
	check := func(name string, o *keyOrder, less func(a, b *entry) bool, es []*entry) {
		for _, a := range es {
			for _, b := range es {
				if got, want := less(a, b), o.compare(a, b) < 0; got != want {
					t.Errorf("%s(%v%+d, %v%+d) = %v, the general comparison says %v", name, o.fullKey(a), a.bias, o.fullKey(b), b.bias, got, want)
				}
			}
		}
	}
	check("lessInt", one, one.lessInt, ones)
	check("lessInts", two, two.lessInts, twos)
}
