package engine_test

import (
	"context"
	"fmt"
	"testing"
)

// Issue 3's targets: a trivial SQL function in WHERE over 10,000 rows
// costs at most 3x the inlined expression; a BEFORE INSERT row trigger
// setting two columns adds at most 15 µs per row.

func BenchmarkSQLFunctionInWhere(b *testing.B) {
	e := seeded(b, 10000)
	s := mustSession(b, e)
	exec(b, s, "create function high(x bigint) returns boolean language sql immutable as $$ select x > 9000 $$")
	exec(b, s, "create function high_opaque(x bigint) returns boolean language sql immutable set search_path = public as $$ select x > 9000 $$")
	for _, c := range []struct{ name, q string }{
		{"inlined-expression", "select count(*) from t where score > 9000"},
		{"sql-function", "select count(*) from t where high(score)"},
		{"sql-function-not-inlined", "select count(*) from t where high_opaque(score)"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				rows, err := s.Query(context.Background(), c.q)
				if err != nil {
					b.Fatal(err)
				}
				for rows.Next() {
				}
				if err := rows.Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBeforeInsertTrigger inserts 1,000 rows per operation, so
// ns/op divided by 1,000 is the cost per row; the difference between the
// two sub-benchmarks is what the trigger adds per row.
func BenchmarkBeforeInsertTrigger(b *testing.B) {
	for _, withTrigger := range []bool{false, true} {
		name := "no-trigger"
		if withTrigger {
			name = "before-insert-trigger"
		}
		b.Run(name, func(b *testing.B) {
			e := seeded(b, 0)
			s := mustSession(b, e)
			exec(b, s, "create table items (id bigint primary key, name text, created_by text, updated_at timestamptz)")
			if withTrigger {
				exec(b, s, `create function stamp() returns trigger language plpgsql as $$
begin
  new.created_by := 'bench';
  new.updated_at := '2024-01-01 00:00:00+00';
  return new;
end $$`)
				exec(b, s, "create trigger stamp before insert on items for each row execute function stamp()")
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				exec(b, s, fmt.Sprintf("insert into items (id, name) select g, 'x' from generate_series(%d, %d) g", i*1000, i*1000+999))
			}
		})
	}
}
