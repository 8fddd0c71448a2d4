package session

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

var updateBuiltins = flag.Bool("update-builtins", false, "rewrite testdata/builtin_funcs.golden from the built-in function registry")

// TestBuiltinFuncsGolden lists every built-in function name in sorted
// order with its overloads in registry order, which overload resolution
// depends on (the first matching overload of a pass wins).
func TestBuiltinFuncsGolden(t *testing.T) {
	const path = "testdata/builtin_funcs.golden"
	got := builtinFuncsListing(Builtins())
	if *updateBuiltins {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("registry differs from %s at line %d:\n got: %s\nwant: %s", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("registry differs from %s: %d lines, want %d", path, len(gl), len(wl))
	}
}

func builtinFuncsListing(r *expr.Registry) string {
	var b strings.Builder
	for _, n := range r.Names() {
		for _, f := range r.Overloads(n) {
			fmt.Fprintf(&b, "%s(%s)%s\n", n, overloadArgs(f), overloadTail(f))
		}
	}
	return b.String()
}

func goldenTypeName(t *types.Type) string {
	if t == nil {
		return "any"
	}
	if t.Name == "" && t.Kind == types.KindArray && t.Elem == nil {
		return "anyarray"
	}
	if t.Name == "" {
		return fmt.Sprintf("kind%d", t.Kind)
	}
	return t.Name
}

func overloadArgs(f expr.FuncImpl) string {
	parts := make([]string, 0, len(f.Args)+1)
	for _, a := range f.Args {
		parts = append(parts, goldenTypeName(a))
	}
	switch {
	case f.VarAny:
		parts = append(parts, "VARIADIC \"any\"")
	case f.Variadic != nil:
		parts = append(parts, "VARIADIC "+goldenTypeName(f.Variadic))
	}
	return strings.Join(parts, ", ")
}

// overloadTail is the result (when fixed) and the flags of an overload.
func overloadTail(f expr.FuncImpl) string {
	var b strings.Builder
	if f.Result != nil && isFixedResult(f.Result) {
		b.WriteString(" -> " + goldenTypeName(f.Result(nil)))
	} else {
		b.WriteString(" -> (computed)")
	}
	for _, fl := range []struct {
		on   bool
		name string
	}{{f.NonStrict, "nonstrict"}, {f.Volatile, "volatile"}, {f.Typed != nil, "typed"}, {f.KeepUnknown, "keepunknown"}} {
		if fl.on {
			b.WriteString(" " + fl.name)
		}
	}
	return b.String()
}

// isFixedResult reports whether result is a closure made by expr.Fixed
// (inlined or not, its name ends in Fixed.funcN).
func isFixedResult(result func([]*types.Type) *types.Type) bool {
	return strings.Contains(runtime.FuncForPC(reflect.ValueOf(result).Pointer()).Name(), ".Fixed.func")
}
