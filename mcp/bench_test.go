package mcp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/tinybase/tinybase"
)

// copyProject copies testdata/projects/<name> to a temporary directory,
// so written migrations do not touch the repository.
func copyProject(b *testing.B, name string) string {
	b.Helper()
	src := filepath.Join("..", "testdata", "projects", name)
	dst := b.TempDir()
	err := filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		b.Fatal(err)
	}
	return dst
}

// cpuTime is the process's user+system CPU time so far. Benchmarks report
// it per operation (cpu-ms/op) next to wall time, which a loaded machine
// inflates.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, spent time.Duration) {
	b.ReportMetric(float64(spent)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// tenStatements is a 10-statement migration; i keeps names unique.
func tenStatements(i int) string {
	return fmt.Sprintf(`create table public.bench_%[1]d (id bigint generated always as identity primary key, owner uuid not null, title text not null, created_at timestamptz not null default now());
create index bench_%[1]d_owner_idx on public.bench_%[1]d (owner);
alter table public.bench_%[1]d enable row level security;
create policy "bench_%[1]d read" on public.bench_%[1]d for select to authenticated using ((select auth.uid()) = owner);
create policy "bench_%[1]d write" on public.bench_%[1]d for insert to authenticated with check ((select auth.uid()) = owner);
comment on table public.bench_%[1]d is 'benchmark table';
create table public.bench_%[1]d_tags (bench_id bigint not null references public.bench_%[1]d (id) on delete cascade, tag text not null, primary key (bench_id, tag));
create index bench_%[1]d_tags_tag_idx on public.bench_%[1]d_tags (tag);
alter table public.bench_%[1]d_tags enable row level security;
grant select on public.bench_%[1]d to authenticated;
`, i)
}

// BenchmarkApplyMigrationWarm is apply_migration of a 10-statement
// migration in a running `tinybase mcp` on top of the realistic100
// project's 100 migrations: validation (prior state cached), applying it
// to the database and writing the file. Each iteration's migration becomes
// a prior of the next, as in an agent's session.
func BenchmarkApplyMigrationWarm(b *testing.B) {
	dir := copyProject(b, "realistic100")
	p, err := tinybase.Open(context.Background(), tinybase.Options{Dir: dir})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	tools, _ := p.MCPTools("http://127.0.0.1:54321")
	ctx := context.Background()
	if _, err := tools.ApplyMigration(ctx, "warmup", tenStatements(0)); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := cpuTime()
	for i := 1; i <= b.N; i++ {
		if _, err := tools.ApplyMigration(ctx, fmt.Sprintf("bench_%d", i), tenStatements(i)); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpuTime()-start)
}

// BenchmarkApplyMigrationCold is a fresh `tinybase mcp` process's first
// apply_migration, without the process start: open the project (replay
// its 100 migrations and seed, prime the validator), then apply.
func BenchmarkApplyMigrationCold(b *testing.B) {
	ctx := context.Background()
	var spent time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dir := copyProject(b, "realistic100")
		b.StartTimer()
		start := cpuTime()
		p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
		if err != nil {
			b.Fatal(err)
		}
		tools, _ := p.MCPTools("http://127.0.0.1:54321")
		if _, err := tools.ApplyMigration(ctx, "bench", tenStatements(1)); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		spent += cpuTime() - start
		p.Close()
		b.StartTimer()
	}
	reportCPU(b, spent)
}

// BenchmarkApplyMigrationFirst is the first apply_migration after the
// project is open (the open itself not timed).
func BenchmarkApplyMigrationFirst(b *testing.B) {
	ctx := context.Background()
	var spent time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dir := copyProject(b, "realistic100")
		p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
		if err != nil {
			b.Fatal(err)
		}
		tools, _ := p.MCPTools("http://127.0.0.1:54321")
		b.StartTimer()
		start := cpuTime()
		if _, err := tools.ApplyMigration(ctx, "bench", tenStatements(1)); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		spent += cpuTime() - start
		p.Close()
		b.StartTimer()
	}
	reportCPU(b, spent)
}
