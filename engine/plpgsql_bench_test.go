package engine_test

import (
	"context"
	"testing"
)

// BenchmarkPLLoop is issue 3's target: a PL/pgSQL loop of 100,000
// iterations with an integer addition, ≤ 100 ms.
func BenchmarkPLLoop(b *testing.B) {
	e := seeded(b, 0)
	s := mustSession(b, e)
	const do = `DO $$ DECLARE s int := 0; BEGIN FOR i IN 1..100000 LOOP s := s + 1; END LOOP; IF s <> 100000 THEN RAISE EXCEPTION 'wrong sum %', s; END IF; END $$`
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rows, err := s.Query(context.Background(), do)
		if err != nil {
			b.Fatal(err)
		}
		if err := rows.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
