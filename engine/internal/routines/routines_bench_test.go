package routines_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// benchFixture is a keyed table the routine benchmarks read and write.
const benchFixture = `CREATE TABLE kv (k int PRIMARY KEY, v int NOT NULL);
INSERT INTO kv SELECT g, g FROM generate_series(1, 100) g;
CREATE FUNCTION pl_loop() RETURNS int LANGUAGE plpgsql AS $$
DECLARE s int := 0; x int;
BEGIN
  FOR i IN 1..100 LOOP
    SELECT v INTO x FROM kv WHERE k = i;
    UPDATE kv SET v = v + 1 WHERE k = i;
    s := s + x;
  END LOOP;
  RETURN s;
END $$;
CREATE FUNCTION sql_get(int) RETURNS int LANGUAGE sql AS 'SELECT v FROM kv WHERE k = $1';`

// BenchmarkPLLoopQuery runs a PL/pgSQL loop of 100 iterations, each a
// keyed SELECT INTO and a keyed UPDATE: the statements a routine runs,
// which reuse their plans across iterations and calls.
func BenchmarkPLLoopQuery(b *testing.B) {
	s := enginetest.Session(b, enginetest.Migrated(b, benchFixture))
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Exec(ctx, "SELECT pl_loop()"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSQLFunctionQuery calls a SQL function whose body is a keyed
// SELECT, 100 times per statement.
func BenchmarkSQLFunctionQuery(b *testing.B) {
	s := enginetest.Session(b, enginetest.Migrated(b, benchFixture))
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Exec(ctx, "SELECT sum(sql_get(g)) FROM generate_series(1, 100) g"); err != nil {
			b.Fatal(err)
		}
	}
}
