package engine_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// BenchmarkUpdateIndexedTable is pgbench's account update (by primary
// key, with parameters) on an accounts table that also has two secondary
// indexes the update leaves alone, as application tables do: the cost of
// index maintenance on UPDATE (storage's mutate.go keeps unchanged
// entries). Each row is updated once before timing, the steady state of a
// running workload. cpu-ns/op is the process's CPU time per update
// (bench_cpu_unix_test.go), steadier than ns/op on a loaded machine.
func BenchmarkUpdateIndexedTable(b *testing.B) {
	const n = 20000
	e := enginetest.New(b)
	s := mustSession(b, e)
	execScript(b, s, `
create table accounts (aid int primary key, bid int, abalance int, filler text);
create index accounts_bid on accounts (bid);
create index accounts_filler on accounts (filler);
insert into accounts select g, g % 10, 0, 'account ' || g from generate_series(1, 20000) g;
update accounts set abalance = abalance + 1;`)
	ctx := context.Background()
	cpu0, cpuOK := processCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rows, err := s.Query(ctx, "update accounts set abalance = abalance + $1 where aid = $2", int32(1), int32(1+(i*7919)%n))
		if err != nil {
			b.Fatal(err)
		}
		if err := rows.Close(); err != nil {
			b.Fatal(err)
		}
	}
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
