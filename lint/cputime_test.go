package lint

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user+system CPU time so far. Benchmarks report
// it per operation (cpu-ms/op) next to wall time, which a loaded machine
// inflates.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
