package session

import (
	"context"
	"fmt"
	"log/slog"
	"sync"

	"github.com/tinybase/tinybase/engine/internal/bootstrap"
)

// bootstrapTemplate is the engine state right after the Supabase
// bootstrap, built once per process on first use. It is never written to:
// every Open starts from a Snapshot of it (copy-on-write storage roots and
// catalog), so opening costs microseconds, not the whole script.
var bootstrapTemplate struct {
	once sync.Once
	e    *Engine
	err  error
}

func openBootstrapped(opts Options) (*Engine, error) {
	bt := &bootstrapTemplate
	bt.once.Do(func() { bt.e, bt.err = buildTemplate() })
	if bt.err != nil {
		return nil, bt.err
	}
	e := bt.e.Snapshot()
	e.logger = opts.Logger
	if e.logger == nil {
		e.logger = slog.New(slog.DiscardHandler)
	}
	return e, nil
}

// buildTemplate builds the bootstrapped state the first Open snapshots:
// from the embedded image (bootstrap_image.go), not by running the SQL.
func buildTemplate() (*Engine, error) {
	return openImage(&bootstrapImage)
}

// buildTemplateSQL builds the bootstrapped state by running the bootstrap
// SQL: what the image is generated from and compared with.
func buildTemplateSQL() (*Engine, error) {
	e, err := open(Options{NoBootstrap: true})
	if err != nil {
		return nil, err
	}
	if err := applyBootstrap(e); err != nil {
		return nil, err
	}
	return e, nil
}

// applyBootstrap runs engine/internal/bootstrap's scripts as the bootstrap
// superuser, then gives the database Supabase's search_path.
func applyBootstrap(e *Engine) error {
	stmts, err := bootstrap.Statements()
	if err != nil {
		return err
	}
	s, err := e.Connect(SessionOptions{User: "postgres"})
	if err != nil {
		return err
	}
	defer s.Close()
	ctx := context.Background()
	run := func(file, q string) error {
		rows, err := s.Query(ctx, q)
		if err != nil {
			return fmt.Errorf("engine: bootstrap %s: %q: %w", file, firstLine(q), err)
		}
		return rows.Close()
	}
	for _, st := range stmts {
		if err := run(st.File, st.SQL); err != nil {
			return err
		}
	}
	return run("search_path", "ALTER DATABASE "+dbName+" SET search_path TO "+bootstrap.SearchPath)
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}
