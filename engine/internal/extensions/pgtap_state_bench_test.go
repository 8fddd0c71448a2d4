package extensions_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// BenchmarkPgtapOK measures a pgTAP assertion inside a test transaction,
// as a pgTAP file runs them: ok() and is() in a transaction that ran no
// DDL, and is() after a CREATE TEMP TABLE in it (a fixture), which must
// not make every later statement plan afresh.
func BenchmarkPgtapOK(b *testing.B) {
	for _, bc := range []struct {
		name, setup, stmt string
	}{
		{"ok", "", "SELECT extensions.ok(true, 'x')"},
		{"is", "", "SELECT extensions.is(1, 1, 'x')"},
		{"is_after_temp_table", "CREATE TEMP TABLE fixture (a int)", "SELECT extensions.is(1, 1, 'x')"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := enginetest.Session(b, enginetest.Migrated(b, "CREATE EXTENSION pgtap WITH SCHEMA extensions"))
			ctx := context.Background()
			if _, err := s.Exec(ctx, "BEGIN; SELECT extensions.no_plan()"); err != nil {
				b.Fatal(err)
			}
			if bc.setup != "" {
				if _, err := s.Exec(ctx, bc.setup); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.Exec(ctx, bc.stmt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
