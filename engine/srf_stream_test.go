package engine_test

import (
	"context"
	"testing"
	"time"
)

// generate_series makes its rows one at a time, as PostgreSQL does: the
// first rows of a series far too long to build arrive at once, and
// reading a few of them costs no memory for the rest. Built whole, these
// series ran until the statement timed out (or memory ran out).
func TestGenerateSeriesStreams(t *testing.T) {
	e := seeded(t, 1)
	s := mustSession(t, e)
	for _, q := range []string{
		"select * from generate_series(1, 9223372036854775807)",
		"select generate_series(1::numeric, 1e30)",
		"select * from generate_series('2000-01-01'::timestamp, '200000-01-01', interval '1 second') with ordinality",
		"select * from generate_series(1, 9223372036854775807) a, lateral generate_series(1, a) b",
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		rows, err := s.Query(ctx, q)
		if err != nil {
			cancel()
			t.Fatalf("%s: %v", q, err)
		}
		n := 0
		for n < 1000 && rows.Next() {
			n++
		}
		err = rows.Err()
		cancel() // Close runs a statement to its end, as a simple query does
		rows.Close()
		if err != nil || n != 1000 {
			t.Fatalf("%s: %d rows, %v", q, n, err)
		}
	}
}
