package session

import (
	"context"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"
)

func TestBootstrapOpen(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, q := range []string{
		"select count(*) from auth.users",
		"show search_path",
		"select current_user",
		"insert into storage.buckets (id, name) values ('avatars', 'avatars')",
		"select uuid_generate_v4() is not null, extensions.gen_random_uuid() is not null",
	} {
		rows, err := s.Query(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if err := rows.Close(); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func BenchmarkOpenBootstrapped(b *testing.B) {
	if _, err := Open(Options{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e, err := Open(Options{})
		if err != nil {
			b.Fatal(err)
		}
		s, err := e.Connect(SessionOptions{})
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// BenchmarkOpenFirst builds the bootstrapped template from scratch each
// iteration: the work the first Open of a process does (buildTemplate,
// from the image), not the snapshot later Opens take. "sql" builds it by
// running the bootstrap SQL, as the first Open did before the image;
// "image+tables" also builds every table's stored expressions, which the
// image defers to each table's first use.
func BenchmarkOpenFirst(b *testing.B) {
	b.Run("image", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := buildTemplate(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("image+tables", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			e, err := buildTemplate()
			if err != nil {
				b.Fatal(err)
			}
			e.store.Image() // resolves every table's definition
		}
	})
	b.Run("sql", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := buildTemplateSQL(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestFirstOpenFreshProcess, with TINYBASE_FIRST_OPEN=1, times the first
// engine.Open of this process (the test binary, nothing run before it) and
// prints it; bench/first_open.sh runs it in many fresh processes.
func TestFirstOpenFreshProcess(t *testing.T) {
	if os.Getenv("TINYBASE_FIRST_OPEN") == "" {
		t.Skip("set TINYBASE_FIRST_OPEN=1 (bench/first_open.sh)")
	}
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	start := time.Now()
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	wall := time.Since(start)
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano() + ru1.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano())
	// Then the process's first statement, on a bootstrap table: it pays
	// what the open deferred (the table's stored expressions) besides the
	// fixed first-statement costs.
	start = time.Now()
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := s.Query(context.Background(), "insert into auth.users (id, email) values (gen_random_uuid(), 'a@example.com')")
	if err == nil {
		err = rows.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	first := time.Since(start)
	fmt.Printf("first-open wall_us=%d cpu_us=%d then_first_insert_us=%d\n", wall.Microseconds(), cpu.Microseconds(), first.Microseconds())
}
