package tinybase

import (
	"context"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/lint"

	"github.com/tinybase/tinybase/migrations"
)

// NewValidator returns the validator the CLI and Open use: fresh databases
// from NewEngine, lint findings from lintFunc, the given timeout (0: the
// default 10 s).
func NewValidator(timeout time.Duration) *migrations.Validator {
	return migrations.NewValidator(migrations.Options{NewEngine: NewEngine, Lint: lintFunc(), Timeout: timeout})
}

// lintFunc adapts lint.Run for validation: a finding is keyed by
// splinter's cache_key, so validation reports the findings a candidate
// introduces (keys absent before it) as warnings, which --strict turns
// into failures.
func lintFunc() migrations.LintFunc {
	return func(ctx context.Context, s *engine.Session) ([]migrations.Finding, error) {
		fs, err := lint.Run(ctx, s)
		if err != nil {
			return nil, err
		}
		out := make([]migrations.Finding, len(fs))
		for i, f := range fs {
			out[i] = migrations.Finding{Key: f.CacheKey, Level: string(f.Level), Name: f.Name, Message: f.Detail}
		}
		return out, nil
	}
}
