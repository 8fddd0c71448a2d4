package pgwire

import (
	"os"
	"os/exec"
	"testing"
)

// requireTool finds a client program for a client test. A missing client
// fails the test; it skips only when TINYBASE_ALLOW_MISSING_CLIENTS is set
// (for local runs; CI never sets it).
func requireTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("TINYBASE_ALLOW_MISSING_CLIENTS") != "" {
			t.Skipf("%s not installed (TINYBASE_ALLOW_MISSING_CLIENTS is set)", name)
		}
		t.Fatalf("%s is required for this client test and is not installed", name)
	}
	return p
}
