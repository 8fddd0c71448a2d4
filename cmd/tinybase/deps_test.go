package main

import (
	"runtime/debug"
	"testing"
)

// TestNoWasmRegexAtInit checks that the binary links tinybase's stand-in
// for go-icu-regex (go.mod's replace directive, engine/internal/icuregex)
// and not the upstream package, whose initialisation compiles an ICU wasm
// module with wazero in every process before main runs.
func TestNoWasmRegexAtInit(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("no build info in the test binary")
	}
	found := false
	for _, dep := range info.Deps {
		switch dep.Path {
		case "github.com/dolthub/go-icu-regex":
			found = true
			if dep.Replace == nil || dep.Replace.Path != "./engine/internal/icuregex" {
				t.Errorf("go-icu-regex is linked without the replace to ./engine/internal/icuregex: %+v", dep)
			}
		case "github.com/tetratelabs/wazero":
			t.Errorf("wazero is linked (%s): something still imports the wasm regex runtime", dep.Version)
		}
	}
	if !found {
		t.Error("go-icu-regex is not linked at all: go-mysql-server no longer needs it, drop the replace")
	}
}
