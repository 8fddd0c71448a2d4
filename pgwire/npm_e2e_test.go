//go:build e2e

package pgwire

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// npmProject returns a directory outside the repository named name with
// pkgs installed from npm, installing them unless marker (a path inside
// the directory) is already there from an earlier run.
func npmProject(t *testing.T, name, marker string, pkgs ...string) string {
	t.Helper()
	npm := requireTool(t, "npm")
	dir := filepath.Join(os.TempDir(), name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, marker)); err == nil {
		return dir
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"`+name+`","private":true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(npm, append([]string{"install", "--no-audit", "--no-fund", "--loglevel=error"}, pkgs...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install: %v\n%s", err, out)
	}
	return dir
}
