package migrations

import (
	"context"

	"github.com/tinybase/tinybase/engine"
)

// Shadow returns a fresh database (from newEngine; nil: engine.Open) with
// files applied in order, each recorded in the history table as Apply
// records it: the shadow database `supabase db diff` and `supabase
// migration squash` build from the migration files. A file that fails is
// a *FileError.
func Shadow(ctx context.Context, newEngine func() (*engine.Engine, error), files []File) (*engine.Engine, error) {
	if newEngine == nil {
		newEngine = func() (*engine.Engine, error) { return engine.Open(engine.Options{}) }
	}
	eng, err := newEngine()
	if err != nil {
		return nil, err
	}
	s, err := eng.Connect(engine.SessionOptions{})
	if err != nil {
		eng.Close()
		return nil, err
	}
	defer s.Close()
	db := OnEngine(s)
	if err := EnsureHistory(ctx, db); err != nil {
		eng.Close()
		return nil, err
	}
	for _, f := range files {
		if err := Apply(ctx, db, f); err != nil {
			eng.Close()
			return nil, err
		}
	}
	return eng, nil
}
