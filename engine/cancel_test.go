package engine_test

import (
	"context"
	"testing"
	"time"
)

func TestCancelLongQuery(t *testing.T) {
	e := seeded(t, 1)
	s := mustSession(t, e)
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	rows, err := s.Query(ctx, "select count(*) from generate_series(1, 100000000)")
	if err == nil {
		for rows.Next() {
		}
		err = rows.Err()
	}
	t.Logf("err=%v after %v", err, time.Since(start))
	if time.Since(start) > 5*time.Second {
		t.Fatalf("query ignored cancellation")
	}
	if code := sqlstate(err); code != "57014" {
		t.Fatalf("got %v, want 57014", err)
	}
}
