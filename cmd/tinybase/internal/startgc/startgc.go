package startgc

import (
	"os"
	"runtime/debug"
	"sync"
)

// heapLimit bounds the heap while the collector is off: past it, Go
// collects again (debug.SetMemoryLimit).
const heapLimit = 512 << 20

var (
	// pct and limit are the settings found at initialization; off says
	// this package changed them. Written once, by init.
	pct, limit int64
	off        bool
	once       sync.Once
)

func init() {
	// The user's GOGC or GOMEMLIMIT wins.
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	pct = int64(debug.SetGCPercent(-1))
	limit = debug.SetMemoryLimit(heapLimit)
	off = true
}

// Restore puts back the collector settings initialization found; later
// calls do nothing.
func Restore() {
	once.Do(func() {
		if off {
			debug.SetGCPercent(int(pct))
			debug.SetMemoryLimit(limit)
		}
	})
}
