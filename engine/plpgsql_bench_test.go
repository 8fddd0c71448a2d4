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

// BenchmarkPLFunctionPerRow calls a PL/pgSQL function once per row over
// 10,000 rows.
func BenchmarkPLFunctionPerRow(b *testing.B) {
	e := seeded(b, 10000)
	s := mustSession(b, e)
	exec(b, s, `CREATE FUNCTION bump(x bigint) RETURNS bigint LANGUAGE plpgsql IMMUTABLE AS $$ BEGIN RETURN x + 1; END $$`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		got := queryStrings(b, s, "SELECT count(*) FROM t WHERE bump(score) > 50")
		if got[0][0] != "5000" {
			b.Fatalf("got %v", got)
		}
	}
}
