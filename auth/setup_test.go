package auth

import (
	"testing"

	"github.com/tinybase/tinybase/engine"
)

// newTestEngine opens an engine; engine.Open applies the Supabase
// bootstrap, so the auth schema and its tables exist.
func newTestEngine(t testing.TB) *engine.Engine {
	t.Helper()
	e, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}
