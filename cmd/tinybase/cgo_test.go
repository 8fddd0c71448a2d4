package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestBuildWithoutCgoSaysSo: a build without cgo fails with one error
// naming cgo and a C compiler (internal/pgerror/cgo_required.go), not
// with undefined parser functions deep in the engine.
func TestBuildWithoutCgoSaysSo(t *testing.T) {
	cmd := exec.Command("go", "build", "-o", os.DevNull, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("the build without cgo succeeded")
	}
	var errs []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if !strings.HasPrefix(l, "#") {
			errs = append(errs, l)
		}
	}
	if len(errs) != 1 || !strings.Contains(errs[0], "needs_cgo") || !strings.Contains(errs[0], "C_compiler") {
		t.Errorf("build output:\n%s", out)
	}
}
