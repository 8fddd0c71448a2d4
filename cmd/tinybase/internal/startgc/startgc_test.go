package startgc

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestOffFromInit checks that initialization turned the collector off
// (this test binary imports the package, so its init ran) and that
// Restore puts Go's default back.
func TestOffFromInit(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOGC or GOMEMLIMIT set: the package leaves the collector alone")
	}
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Fatalf("GC percent after init = %d, want -1 (off)", got)
	}
	if got := debug.SetMemoryLimit(-1); got != heapLimit {
		t.Fatalf("memory limit after init = %d, want %d", got, heapLimit)
	}
	Restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("GC percent after Restore = %d, want 100", got)
	}
	Restore() // a second call changes nothing
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("GC percent after a second Restore = %d, want 100", got)
	}
}
