package main

import (
	"time"

	"github.com/tinybase/tinybase/cmd/tinybase/internal/startgc"
)

// collectAfterReady is how long after `start` is ready the collector
// comes back: its first cycle marks the whole heap the start built (a
// data directory's rows: ~35 MB live for 100,000 of them, ~100 ms of CPU
// on a 2-CPU machine), which would otherwise run beside the first
// clients' statements.
const collectAfterReady = time.Second

// startupGC keeps the garbage collector off for the start-up work of a
// command (the Supabase bootstrap, the migration replay, a validation,
// opening a data directory), which allocates tens of MB of mostly
// short-lived objects in ~0.1 s over a live heap of ~7 MB: with GOGC=100
// the collector ran 5-6 times during a cold `migration new` over 100
// migrations, for ~15% of its CPU, competing with the work on a small
// machine. Package startgc turned it off during package initialization
// already; its heap limit still bounds memory for a large project. The
// returned function restores the previous settings, collectAfterReady
// later; `start` calls it once it is ready, as a server should collect
// normally. Nothing changes when GOGC or GOMEMLIMIT is set in the
// environment: the user's settings win.
func startupGC() (ready func()) {
	return func() { time.AfterFunc(collectAfterReady, startgc.Restore) }
}
