// Package npmtest installs the npm packages that the end-to-end tests run
// against tinybase (supabase-js, the MCP TypeScript SDK): into folders
// under the system temp dir, outside the repository, reused across runs.
package npmtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// Install installs pkgs into the folder name under the system temp dir
// and returns the folder; a later call finds them there (marker is a
// folder under node_modules that exists once they are installed). It
// fails the test when npm is missing. A lock file keeps test processes
// that share the folder from installing into it at once.
func Install(t testing.TB, name, marker string, pkgs ...string) string {
	t.Helper()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Fatalf("this end-to-end test needs node and npm (it installs %v from npm)", pkgs)
	}
	dir := filepath.Join(os.TempDir(), name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", marker)); err == nil {
		return dir
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"`+name+`","private":true,"type":"module"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("npm", append([]string{"install", "--no-audit", "--no-fund", "--no-package-lock", "--loglevel=error"}, pkgs...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install %v: %v\n%s", pkgs, err, out)
	}
	return dir
}

// SupabaseJS installs @supabase/supabase-js 2, and ws 8, which its
// realtime client needs on Node before 22; every supabase-js end-to-end
// test shares the folder.
func SupabaseJS(t testing.TB) string {
	return Install(t, "tinybase-e2e-supabase-js", "ws", "@supabase/supabase-js@2", "ws@8")
}
