package storage

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
)

// pointy is a value of a named struct type holding no pointer, which a
// block stores by copy.
type pointy struct {
	a int32
	b float64
}

func TestBlockEntryKeepsValues(t *testing.T) {
	zone := time.FixedZone("x", 3600)
	when := time.Date(2024, 1, 2, 3, 4, 5, 6000, time.UTC)
	cases := []struct {
		name    string
		row     func(i int) sql.Row
		inBlock bool
	}{
		{"scalars", func(i int) sql.Row {
			return sql.Row{int64(i) << 20, int32(i), int16(i), float64(i) / 3, float32(i), i%2 == 0, nil}
		}, true},
		{"strings and times", func(i int) sql.Row {
			return sql.Row{fmt.Sprint("row ", i, strings.Repeat("x", i%70)), "", when.Add(time.Duration(i) * time.Second)}
		}, true},
		{"named pointer-free struct", func(i int) sql.Row { return sql.Row{pointy{int32(i), float64(i)}} }, true},
		{"time with a zone", func(i int) sql.Row { return sql.Row{int64(i), when.In(zone)} }, false},
		{"slice", func(i int) sql.Row { return sql.Row{int64(i), []byte{byte(i)}} }, false},
		{"too long", func(i int) sql.Row { return sql.Row{strings.Repeat("y", 2000+i)} }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			const n = 2000
			stored := make([]*entry, n)
			for i := range stored {
				row := c.row(i)
				stored[i] = storedEntry(row, func(r sql.Row) sql.Row { return r[:1:1] }, int64(i), 7)
				_, inBlock := blockEntry(row)
				if (inBlock != nil) != c.inBlock {
					t.Fatalf("row %d in a block: %v, want %v", i, inBlock != nil, c.inBlock)
				}
				for j := range row {
					row[j] = nil // the caller may reuse its row
				}
			}
			// garbage of the same sizes over the freed originals, then
			// collections: a block must keep what its row points to
			var junk [][]byte
			for i := 0; i < 4*n; i++ {
				junk = append(junk, []byte(strings.Repeat("z", i%90)))
			}
			runtime.GC()
			runtime.GC()
			for i, e := range stored {
				want := c.row(i)
				got := e.row()
				if fmt.Sprint(got) != fmt.Sprint(want) || e.tid != int64(i) || e.xmin != 7 {
					t.Fatalf("row %d: got %v tid %d, want %v", i, got, e.tid, want)
				}
				if fmt.Sprint(e.key()) != fmt.Sprint(want[:1]) {
					t.Fatalf("row %d: key %v", i, e.key())
				}
			}
			runtime.KeepAlive(junk)
		})
	}
}
