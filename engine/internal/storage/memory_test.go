package storage_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
)

// TestTableMemoryPerRow bounds, loosely, the Go heap a table holds a row
// for issue 19's shape: (bigint, text of 50 bytes, timestamp) with a
// primary key and an index on the timestamp. The values themselves take
// 160 bytes a row (the row's value slice, the boxed values, the string's
// bytes); with 80-byte tree entries and a copied key per entry the table
// took about 470 bytes a row, with compact entries about 355.
func TestTableMemoryPerRow(t *testing.T) {
	if testing.Short() {
		t.Skip("loads 100,000 rows")
	}
	const n = 100_000
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	h := newHarness(t)
	h.exec("create table m (id bigint primary key, body text not null, at datetime(6) not null)",
		"create index m_at on m (at)")
	before := heap()
	s := h.session()
	ctx := h.ctx(s)
	tbl, _, err := h.prov.DB().Table(ctx, "public", "m")
	if err != nil {
		t.Fatal(err)
	}
	ins := tbl.Inserter(ctx)
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	pad := strings.Repeat("x", 38)
	for i := 0; i < n; i++ {
		body := "row " + string(rune('a'+i%26)) + "00000" + string(rune('a'+i/26%26)) + " " + pad
		if err := ins.Insert(ctx, sql.Row{int64(i + 1000), body, start.Add(time.Duration(i) * time.Second)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	perRow := float64(heap()-before) / n
	runtime.KeepAlive(h)
	t.Logf("%.0f bytes of heap a row", perRow)
	if perRow > 420 {
		t.Errorf("%.0f bytes of heap a row, want at most 420", perRow)
	}
}
