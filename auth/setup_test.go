package auth

import (
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// newTestEngine opens an engine; engine.Open applies the Supabase
// bootstrap, so the auth schema and its tables exist.
func newTestEngine(t testing.TB) *engine.Engine {
	t.Helper()
	e := enginetest.New(t)
	return e
}
