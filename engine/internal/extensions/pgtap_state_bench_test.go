package extensions_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// BenchmarkPgtapOK measures one ok() call inside a planned run: the cost
// of pgTAP's bookkeeping per test.
func BenchmarkPgtapOK(b *testing.B) {
	s := enginetest.Session(b, enginetest.Migrated(b, "CREATE EXTENSION pgtap WITH SCHEMA extensions"))
	ctx := context.Background()
	if _, err := s.Exec(ctx, "BEGIN; SELECT extensions.no_plan()"); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Exec(ctx, "SELECT extensions.ok(true, 'x')"); err != nil {
			b.Fatal(err)
		}
	}
}
