package pgwire

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// nodeClients installs the npm clients the node tests use into a
// directory outside the repository (reused between runs) and returns it.
func nodeClients(t *testing.T) string {
	t.Helper()
	requireTool(t, "node")
	npm := requireTool(t, "npm")
	dir := filepath.Join(os.TempDir(), "tinybase-wire-node-clients")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "postgres", "package.json")); err == nil {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", "pg", "package.json")); err == nil {
			return dir
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"tinybase-wire-clients","private":true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(npm, "install", "--no-audit", "--no-fund", "--loglevel=error", "pg@8", "postgres@3")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install: %v\n%s", err, out)
	}
	return dir
}

// runNode runs a script from testdata/node with DATABASE_URL set and
// compares its output with the golden file recorded from PostgreSQL 15
// (-record-psql with TINYBASE_PG_URL rewrites it).
func runNode(t *testing.T, script, golden string) {
	dir := nodeClients(t)
	url := goldenTarget(t, *recordPsql, "wire_node_golden")
	abs, err := filepath.Abs(filepath.Join("testdata", "node", script))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", abs)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+url, "NODE_PATH="+filepath.Join(dir, "node_modules"), "TZ=UTC")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node %s: %v\n%s\n%s", script, err, stdout.String(), stderr.String())
	}
	path := filepath.Join("testdata", "node", golden)
	if *recordPsql {
		if err := os.WriteFile(path, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), stdout.String()); diff != "" {
		t.Errorf("%s (-postgres +tinybase):\n%s", script, diff)
	}
}

func TestNodePostgres(t *testing.T) { runNode(t, "pg.js", "pg.golden") }

func TestPostgresJS(t *testing.T) { runNode(t, "postgresjs.js", "postgresjs.golden") }
