package engine_test

import (
	"runtime"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// BenchmarkTableMemory loads issue 19's memory table — 1,000,000 rows of
// (bigint, text of about 50 bytes, timestamptz) with a primary key and an
// index on the timestamp — and reports the Go heap it holds after a
// collection (heap-MiB), to set against PostgreSQL's
// pg_total_relation_size of the same table. Run it alone:
// go test ./engine -run '^$' -bench TableMemory -benchtime 1x
func BenchmarkTableMemory(b *testing.B) {
	for i := 0; i < b.N; i++ {
		e := enginetest.New(b)
		s := mustSession(b, e)
		heap := func() uint64 {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return m.HeapInuse
		}
		before := heap()
		execScript(b, s, `
create table mem (id bigint primary key, body text not null, at timestamptz not null);
insert into mem select g, 'row ' || lpad(g::text, 7, '0') || ' ' || repeat('x', 38), timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second' from generate_series(1, 1000000) g;
create index mem_at on mem (at);`)
		after := heap()
		b.ReportMetric(float64(after-before)/(1<<20), "heap-MiB")
		s.Close()
	}
}
