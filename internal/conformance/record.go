package conformance

import (
	"context"
	"fmt"
	"time"
)

// Expect runs f on the oracle and returns its results, failing if any
// statement could not be run there (a panic, a hang, a lost connection):
// every expectation must be PostgreSQL's own answer.
func Expect(ctx context.Context, oracle Target, f *File, timeout time.Duration) ([]*Result, error) {
	results, err := RunFile(ctx, oracle, f, timeout)
	if err != nil {
		return nil, err
	}
	for _, r := range results {
		if r.Failure != "" {
			return nil, fmt.Errorf("conformance: %s: %s", f.ID(r.N), r.Failure)
		}
	}
	return results, nil
}

// Record runs f on the oracle and writes the results to f's golden file.
func Record(ctx context.Context, oracle Target, f *File) ([]*Result, error) {
	results, err := Expect(ctx, oracle, f, 0)
	if err != nil {
		return nil, err
	}
	if err := WriteGolden(f.GoldenPath(), results); err != nil {
		return nil, err
	}
	return results, nil
}
