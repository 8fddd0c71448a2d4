package engine_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// FuzzExec runs arbitrary statements on an engine holding a small fixture.
// Whatever the input, the engine must answer with rows or an *engine.Error
// carrying a five-character SQLSTATE: never a raw panic, never a bare Go
// error. The seed corpus is every statement of the conformance suite.
func FuzzExec(f *testing.F) {
	files, _ := filepath.Glob("../testdata/conformance/*/*.sql")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		stmts, err := engine.SplitStatements(string(b))
		if err != nil {
			continue
		}
		for _, st := range stmts {
			f.Add(st.SQL)
		}
	}
	base := seeded(f, 20)
	f.Fuzz(func(t *testing.T, q string) {
		s := mustSession(t, base.Snapshot())
		defer s.Close()
		// A short statement timeout: the fuzzer flags an input as hung after
		// 10 s, and some seeds (a generate_series over millions of
		// timestamps) run for seconds, slower still under its coverage
		// instrumentation.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		rows, err := s.Query(ctx, q)
		if err == nil {
			for rows.Next() {
				rows.Text()
			}
			err = rows.Err()
		}
		if err == nil {
			return
		}
		var pe *engine.Error
		if !errors.As(err, &pe) {
			t.Fatalf("%q: error %T is not *engine.Error: %v", q, err, err)
		}
		if len(pe.Code) != 5 || strings.ToUpper(pe.Code) != pe.Code {
			t.Fatalf("%q: bad SQLSTATE %q", q, pe.Code)
		}
	})
}
