package engine_test

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// soakSessions and soakRows size BenchmarkSoakDistinctStatements; the
// number of statements is -soak.statements (1,000,000 unless a shorter
// run is wanted on a busy machine).
const (
	soakSessions = 16
	soakRows     = 10_000
)

var soakStatements = flag.Int("soak.statements", 1_000_000, "statements BenchmarkSoakDistinctStatements sends")

// soakHeapBound is the peak live heap BenchmarkSoakDistinctStatements
// allows, in MiB: every cache is bounded (engine/internal/cache), so the
// heap holds the table, the engine's shared caches (parses 16 MiB and
// trigger conditions 8 MiB by their estimates) and, per session, its
// statement cache (256 entries), templates and cast types (256 each) —
// whatever the number of distinct texts sent. Measured: 317 MiB peak
// (8 MiB at the start) over 100,000 statements on a loaded 2-core machine;
// the caches are full after the first few thousand statements per session,
// so the peak does not grow with the count. Most of it is the 16 statement
// caches' analyzed plans, which cost more than stmtSize's estimate: the
// entry limit is the one that binds.
const soakHeapBound = 512

// BenchmarkSoakDistinctStatements sends 1,000,000 distinct statement texts
// over 16 concurrent sessions, as a client writing literals into its
// simple-protocol texts or generating SQL does: point reads (`where id =
// <n>`), INSERTs of a new key with a literal string and their DELETEs
// (so the table stays soakRows rows), UPDATEs setting a literal string,
// and generated SELECTs differing in more than constants (a column alias
// and an expression). It samples the live heap (runtime.ReadMemStats
// after a GC) every 250 ms and reports its peak as peak-heap-MiB, failing
// past soakHeapBound. It is a benchmark so that `go test ./...` skips it:
//
//	go test ./engine -run '^$' -bench SoakDistinctStatements -benchtime 1x
func BenchmarkSoakDistinctStatements(b *testing.B) {
	e := seeded(b, soakRows)
	ctx := context.Background()
	sessions := make([]*engine.Session, soakSessions)
	for i := range sessions {
		sessions[i] = mustSession(b, e)
		defer sessions[i].Close()
	}
	var peak, base atomic.Uint64
	sample := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		for {
			p := peak.Load()
			if m.HeapAlloc <= p || peak.CompareAndSwap(p, m.HeapAlloc) {
				return m.HeapAlloc
			}
		}
	}
	base.Store(sample())
	b.ResetTimer()
	for iter := 0; iter < b.N; iter++ {
		stop := make(chan struct{})
		sampled := make(chan struct{})
		go func() {
			defer close(sampled)
			t := time.NewTicker(250 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					sample()
				}
			}
		}()
		var next atomic.Int64
		var wg sync.WaitGroup
		errs := make(chan error, soakSessions)
		for _, s := range sessions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1)) - 1
					if i >= *soakStatements {
						return
					}
					q := soakStatement(iter**soakStatements + i)
					rows, err := s.Query(ctx, q)
					if err == nil {
						err = rows.Close()
					}
					if err != nil {
						errs <- fmt.Errorf("%s: %w", q, err)
						return
					}
				}
			}()
		}
		wg.Wait()
		close(stop)
		<-sampled
		select {
		case err := <-errs:
			b.Fatal(err)
		default:
		}
	}
	sample()
	b.StopTimer()
	mib := float64(peak.Load()) / (1 << 20)
	b.ReportMetric(mib, "peak-heap-MiB")
	b.ReportMetric(float64(base.Load())/(1<<20), "start-heap-MiB")
	if mib > soakHeapBound {
		b.Errorf("peak live heap %.0f MiB, bound %d MiB", mib, soakHeapBound)
	}
}

// soakStatement is the i'th statement of the soak: every text distinct.
// Statements are handed out in order, so an INSERT (i%10 == 2) runs
// before its DELETE (i%10 == 3) in all but a rare race, which only makes
// the DELETE find no row.
func soakStatement(i int) string {
	id := 1 + (i*7919)%soakRows
	switch i % 10 {
	case 0, 1, 4, 5:
		return fmt.Sprintf("select name, score from t where id = %d and score > %d", id, -1-i)
	case 2:
		return fmt.Sprintf("insert into t (id, name, score) values (%d, 'new row %d', %d)", 1_000_000_000+i, i, i%100)
	case 3:
		return fmt.Sprintf("delete from t where id = %d", 1_000_000_000+i-1)
	case 6, 7:
		return fmt.Sprintf("update t set name = 'renamed %d' where id = %d", i, id)
	default:
		return fmt.Sprintf("select id, name || '-%d' as n%d, score * %d + id as s%d from t where id between %d and %d order by id",
			i, i, i%13, i, id, id+3)
	}
}
