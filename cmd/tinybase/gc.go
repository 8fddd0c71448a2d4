package main

import (
	"os"
	"runtime/debug"
	"sync"
)

// startupHeapLimit bounds the heap while the collector is off during
// start-up: past it, Go collects again (debug.SetMemoryLimit).
const startupHeapLimit = 512 << 20

// startupGC turns the garbage collector off for the start-up work of a
// command (the Supabase bootstrap, the migration replay, a validation),
// which allocates tens of MB of mostly short-lived objects in ~0.1 s over
// a live heap of ~7 MB: with GOGC=100 the collector ran 5-6 times during a
// cold `migration new` over 100 migrations, for ~15% of its CPU, competing
// with the work on a small machine. The heap limit
// still bounds memory for a large project. The returned function restores
// the previous settings; `start` calls it once it is ready, as a server
// should collect normally. Nothing changes when GOGC or GOMEMLIMIT is set
// in the environment: the user's settings win.
func startupGC() (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	pct := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(startupHeapLimit)
	var once sync.Once
	return func() {
		once.Do(func() {
			debug.SetGCPercent(pct)
			debug.SetMemoryLimit(limit)
		})
	}
}
