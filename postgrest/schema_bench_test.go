package postgrest

import (
	"context"
	"testing"
)

// BenchmarkSchemaLoad is one schema cache reload (after DDL or NOTIFY
// pgrst) on the engine: over the exchange fixture, and over it plus the
// views (some over a private schema) and computed functions.
//
//	go test ./postgrest -run XXX -bench SchemaLoad -benchmem
func BenchmarkSchemaLoad(b *testing.B) {
	for _, bc := range []struct{ name, fixture string }{
		{"fixture", mustRead("testdata/exchanges/fixture.sql")},
		{"views", mustRead("testdata/exchanges/fixture.sql") + mustRead("testdata/exchanges/views.sql") + mustRead("testdata/exchanges/computed.sql")},
	} {
		b.Run(bc.name, func(b *testing.B) {
			srv := engineServer(b, bc.fixture)
			ctx := context.Background()
			b.ResetTimer()
			start := cpuTime()
			for i := 0; i < b.N; i++ {
				if _, err := srv.schema(ctx, true); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}
