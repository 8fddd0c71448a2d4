package pgwire

import (
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestPgbench runs pgbench -i (its DDL, client-side COPY, VACUUM and
// primary keys), then short select-only and TPC-B-like runs; every
// transaction must succeed.
func TestPgbench(t *testing.T) {
	pgbench := requireTool(t, "pgbench")
	_, raw := startServer(t, Config{})
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		t.Helper()
		full := append([]string{"-h", u.Hostname(), "-p", u.Port(), "-U", "postgres"}, args...)
		cmd := exec.Command(pgbench, append(full, "postgres")...)
		cmd.Env = append(os.Environ(), "PGPASSWORD=postgres")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("pgbench %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	out := run("-i", "-q", "-s", "1")
	if !strings.Contains(out, "done in") {
		t.Fatalf("pgbench -i:\n%s", out)
	}
	for _, args := range [][]string{{"-S", "-c", "2", "-t", "50"}, {"-c", "2", "-t", "5"}, {"-S", "-M", "extended", "-t", "20"}, {"-S", "-M", "prepared", "-t", "20"}} {
		out := run(args...)
		if !strings.Contains(out, "number of failed transactions: 0 (0.000%)") {
			t.Errorf("pgbench %s:\n%s", strings.Join(args, " "), out)
		}
	}
}
