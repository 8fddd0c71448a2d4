package conformance

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Expect runs f on the oracle and returns its results, failing if any
// statement could not be run there (a panic, a hang, a lost connection):
// every expectation must be PostgreSQL's own answer.
func Expect(ctx context.Context, oracle Target, f *File, timeout time.Duration) ([]*Result, error) {
	if c, ok := oracle.(extensionChecker); ok && len(f.Requires) > 0 {
		missing, err := c.MissingExtensions(ctx, f.Requires)
		if err != nil {
			return nil, err
		}
		if len(missing) > 0 {
			return nil, &MissingExtensionsError{File: f.Name, Names: missing}
		}
	}
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

// extensionChecker is an oracle that can tell which extensions it lacks.
type extensionChecker interface {
	MissingExtensions(ctx context.Context, names []string) ([]string, error)
}

// MissingExtensionsError is Expect's answer for a file whose "requires"
// directives name extensions the oracle does not have: it cannot be
// recorded there, and a live run falls back to the golden file.
type MissingExtensionsError struct {
	File  string
	Names []string
}

func (e *MissingExtensionsError) Error() string {
	return fmt.Sprintf("conformance: %s requires extensions PostgreSQL lacks here (at the versions tinybase offers): %s", e.File, strings.Join(e.Names, ", "))
}
