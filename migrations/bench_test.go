package migrations_test

import (
	"context"
	"testing"
	"time"

	"github.com/tinybase/tinybase/migrations"
)

func realistic100(tb testing.TB) []migrations.File {
	tb.Helper()
	d, err := migrations.Discover(migrations.MigrationsDir("../testdata/projects/realistic100"), false)
	if err != nil {
		tb.Fatal(err)
	}
	return d.Files
}

// BenchmarkValidateCold is `migration new` without the process start:
// replay 100 prior migrations, then validate a candidate.
func BenchmarkValidateCold(b *testing.B) {
	files := realistic100(b)
	cand := migrations.File{Version: "99990101000000", Name: "c", SQL: "alter table public.tasks add column archived_at timestamptz;\ncreate index tasks_archived_at_idx on public.tasks (archived_at);"}
	for i := 0; i < b.N; i++ {
		v := migrations.NewValidator(migrations.Options{})
		res, err := v.Validate(context.Background(), files, cand, false)
		if err != nil || !res.OK {
			b.Fatal(err, res)
		}
	}
}

// BenchmarkValidateCached is a second candidate in the same process: the
// state after the priors comes from the cache.
func BenchmarkValidateCached(b *testing.B) {
	files := realistic100(b)
	cand := migrations.File{Version: "99990101000000", Name: "c", SQL: "alter table public.tasks add column archived_at timestamptz;\ncreate index tasks_archived_at_idx on public.tasks (archived_at);"}
	v := migrations.NewValidator(migrations.Options{})
	if res, err := v.Validate(context.Background(), files, cand, false); err != nil || !res.OK {
		b.Fatal(err, res)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := v.Validate(context.Background(), files, cand, false)
		if err != nil || !res.OK {
			b.Fatal(err, res)
		}
	}
}

func TestReplayTiming(t *testing.T) {
	files := realistic100(t)
	v := migrations.NewValidator(migrations.Options{})
	cand := migrations.File{Version: "99990101000000", Name: "c", SQL: "select 1"}
	start := time.Now()
	if _, err := v.Validate(context.Background(), files[:1], cand, false); err != nil {
		t.Fatal(err)
	}
	t.Logf("engine open + first migration: %v", time.Since(start))
	start = time.Now()
	if _, err := v.Validate(context.Background(), files, cand, false); err != nil {
		t.Fatal(err)
	}
	t.Logf("remaining 99 migrations: %v", time.Since(start))
	start = time.Now()
	if _, err := v.Validate(context.Background(), files, cand, false); err != nil {
		t.Fatal(err)
	}
	t.Logf("cached: %v", time.Since(start))
}
