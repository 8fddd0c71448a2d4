package engine_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"
)

// BenchmarkCopyFrom is COPY t FROM STDIN in text format of b.N rows in one
// COPY, fed in 64 KiB chunks as psql sends them: ns/op is per row (run
// with -benchtime 100000x for a 100k-row COPY).
func BenchmarkCopyFrom(b *testing.B) {
	e := seeded(b, 0)
	s := mustSession(b, e)
	var data []byte
	for i := 0; i < b.N; i++ {
		data = strconv.AppendInt(data, int64(i+1), 10)
		data = append(data, "\tname "...)
		data = strconv.AppendInt(data, int64(i), 10)
		data = append(data, '\t')
		data = strconv.AppendInt(data, int64(i%100), 10)
		data = append(data, '\n')
	}
	b.ResetTimer()
	cp, err := s.Copy(context.Background(), "copy t from stdin")
	if err != nil {
		b.Fatal(err)
	}
	for len(data) > 0 {
		n := min(len(data), 64<<10)
		if err := cp.Write(data[:n]); err != nil {
			b.Fatal(err)
		}
		data = data[n:]
	}
	tag, err := cp.Done()
	if err != nil {
		b.Fatal(err)
	}
	if want := fmt.Sprintf("COPY %d", b.N); tag != want {
		b.Fatalf("tag %q, want %q", tag, want)
	}
}

// BenchmarkCopyTo is COPY t TO STDOUT of a b.N-row table: ns/op is per row.
func BenchmarkCopyTo(b *testing.B) {
	e := seeded(b, b.N)
	s := mustSession(b, e)
	b.ResetTimer()
	cp, err := s.Copy(context.Background(), "copy t to stdout")
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for {
		_, ok, err := cp.Next()
		if err != nil {
			b.Fatal(err)
		}
		if !ok {
			break
		}
		n++
	}
	if n != b.N {
		b.Fatalf("%d rows, want %d", n, b.N)
	}
}

// BenchmarkPreparedPointSelect is the extended protocol's Bind/Execute of
// one parsed statement with a text parameter.
func BenchmarkPreparedPointSelect(b *testing.B) {
	e := seeded(b, 10000)
	s := mustSession(b, e)
	ctx := context.Background()
	p, err := s.Prepare(ctx, "select * from t where id = $1", []uint32{20})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rows, err := s.QueryPrepared(ctx, p, []any{strconv.Itoa(1 + i%10000)})
		if err != nil {
			b.Fatal(err)
		}
		if err := rows.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPreparedExecute is SQL-level EXECUTE of a PREPAREd point select.
func BenchmarkPreparedExecute(b *testing.B) {
	e := seeded(b, 10000)
	s := mustSession(b, e)
	exec(b, s, "prepare q(bigint) as select * from t where id = $1")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		exec(b, s, fmt.Sprintf("execute q(%d)", 1+i%10000))
	}
}
