package extensions_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// reopened runs before in a new data directory, writes a checkpoint, runs
// after (so that it comes back from the log, not the checkpoint), closes
// the engine and returns a session on the directory opened again.
func reopened(t *testing.T, before, after string) *engine.Session {
	t.Helper()
	dir := t.TempDir()
	e, err := engine.Open(engine.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s := enginetest.Connect(t, e, engine.SessionOptions{})
	enginetest.Exec(t, s, before)
	if err := e.Checkpoint(context.Background()); err != nil {
		t.Fatal(err)
	}
	enginetest.Exec(t, s, after)
	s.Close()
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	e2, err := engine.Open(engine.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e2.Close() })
	return enginetest.Connect(t, e2, engine.SessionOptions{})
}
