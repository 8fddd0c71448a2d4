package pgcatalog_test

import (
	"os"
	"testing"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/session"
)

// TestMain installs the built-in function registry, which pgcatalog reads
// (BuiltinImplemented, DeparseStored) and an engine installs when it
// opens; its composition root is session.Builtins, which this external
// test package may import.
func TestMain(m *testing.M) {
	expr.UseBuiltins(session.Builtins())
	os.Exit(m.Run())
}
