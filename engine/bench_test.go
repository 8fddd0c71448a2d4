package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// The benchmarks behind issue 2's targets. bench/pg_compare.sh runs the
// same statements on a real PostgreSQL through the wire.

func mustSession(tb testing.TB, e *engine.Engine) *engine.Session {
	tb.Helper()
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// execScript runs every statement of script, failing on the first error.
func execScript(tb testing.TB, s *engine.Session, script string) {
	tb.Helper()
	stmts, err := engine.SplitStatements(script)
	if err != nil {
		tb.Fatal(err)
	}
	for _, st := range stmts {
		exec(tb, s, st.SQL)
	}
}

func exec(tb testing.TB, s *engine.Session, q string) {
	tb.Helper()
	rows, err := s.Query(context.Background(), q)
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	if err := rows.Close(); err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
}

// seeded returns an engine holding t(id bigint primary key, name text,
// score bigint) with n rows.
func seeded(tb testing.TB, n int) *engine.Engine {
	tb.Helper()
	e := enginetest.New(tb)
	s := mustSession(tb, e)
	defer s.Close()
	exec(tb, s, "create table t (id bigint primary key, name text, score bigint)")
	insertRows(tb, s, "t", n, func(i int) string { return fmt.Sprintf("(%d, 'name %d', %d)", i, i, i%100) })
	return e
}

// insertRows inserts n generated rows in batches of multi-row VALUES.
func insertRows(tb testing.TB, s *engine.Session, table string, n int, row func(i int) string) {
	tb.Helper()
	var sb strings.Builder
	for i := 1; i <= n; i++ {
		if sb.Len() == 0 {
			sb.WriteString("insert into " + table + " values ")
		} else {
			sb.WriteString(", ")
		}
		sb.WriteString(row(i))
		if i%1000 == 0 || i == n {
			exec(tb, s, sb.String())
			sb.Reset()
		}
	}
}

func BenchmarkOpen(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := engine.Open(engine.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPointSelect(b *testing.B) {
	e := seeded(b, 10000)
	s := mustSession(b, e)
	b.Run("cached", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			exec(b, s, "select * from t where id = 4242")
		}
	})
	b.Run("uncached", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			exec(b, s, fmt.Sprintf("select * from t where id = %d", 1+i%10000))
		}
	})
	// cold: a text no cache can serve (the projected constant is not made a
	// parameter), so every run parses, translates, binds and analyzes.
	b.Run("cold", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			exec(b, s, fmt.Sprintf("select *, %d as k from t where id = 4242", i))
		}
	})
}

func BenchmarkInsert(b *testing.B) {
	e := seeded(b, 10000)
	s := mustSession(b, e)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		exec(b, s, fmt.Sprintf("insert into t values (%d, 'x', 1)", 20000+i))
	}
}

func BenchmarkJoinAggregate(b *testing.B) {
	e := enginetest.New(b)
	s := mustSession(b, e)
	execScript(b, s, `
create table teams (id bigint primary key, name text);
create table projects (id bigint primary key, team_id bigint, name text);
create table todos (id bigint primary key, project_id bigint, done boolean);`)
	insertRows(b, s, "teams", 100, func(i int) string { return fmt.Sprintf("(%d, 'team %d')", i, i) })
	insertRows(b, s, "projects", 1000, func(i int) string { return fmt.Sprintf("(%d, %d, 'project %d')", i, 1+i%100, i) })
	insertRows(b, s, "todos", 10000, func(i int) string { return fmt.Sprintf("(%d, %d, %t)", i, 1+i%1000, i%3 == 0) })
	q := `select tm.name, count(*) as todos, sum(case when td.done then 1 else 0 end) as done
from teams tm join projects p on p.team_id = tm.id join todos td on td.project_id = p.id
group by tm.name order by tm.name`
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		exec(b, s, q)
	}
}

// migrations reads the 25-migration Supabase-style schema.
func migrations(tb testing.TB) []string {
	files, err := filepath.Glob("../testdata/bench/migrations/*.sql")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no migrations: %v", err)
	}
	sort.Strings(files)
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

func BenchmarkMigrationReplay(b *testing.B) {
	ms := migrations(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e := enginetest.New(b)
		s := mustSession(b, e)
		for _, m := range ms {
			exec(b, s, "begin")
			execScript(b, s, m)
			exec(b, s, "commit")
		}
		s.Close()
	}
}

func BenchmarkSnapshot(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		e := seeded(b, n)
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				_ = e.Snapshot()
			}
		})
	}
}

// BenchmarkPointSelectParam is the point select as drivers send it: one
// statement text with a $1 parameter.
func BenchmarkPointSelectParam(b *testing.B) {
	e := seeded(b, 10000)
	s := mustSession(b, e)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rows, err := s.Query(context.Background(), "select * from t where id = $1", int64(1+i%10000))
		if err != nil {
			b.Fatal(err)
		}
		if err := rows.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUpdateByKey is pgbench's account update: by primary key, with
// parameters, over a table large enough that a scan shows.
func BenchmarkUpdateByKey(b *testing.B) {
	e := seeded(b, 50000)
	s := mustSession(b, e)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rows, err := s.Query(context.Background(), "update t set score = score + $1 where id = $2", int64(1), int64(1+i%50000))
		if err != nil {
			b.Fatal(err)
		}
		if err := rows.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPointSelectLiteral is pgbench -S over the simple protocol: the
// point select with a new constant written into its text every time.
func BenchmarkPointSelectLiteral(b *testing.B) {
	e := seeded(b, 10000)
	s := mustSession(b, e)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		exec(b, s, fmt.Sprintf("select name from t where id = %d", 1+(i*7919)%10000))
	}
}

// BenchmarkTPCB is one transaction of pgbench's default TPC-B-like script
// as its simple protocol sends it (constants in the texts), over scale 1's
// branches/tellers and 10,000 accounts.
func BenchmarkTPCB(b *testing.B) {
	e := enginetest.New(b)
	s := mustSession(b, e)
	execScript(b, s, `
create table pgbench_branches (bid int primary key, bbalance int, filler char(88));
create table pgbench_tellers (tid int primary key, bid int, tbalance int, filler char(84));
create table pgbench_accounts (aid int primary key, bid int, abalance int, filler char(84));
create table pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
insert into pgbench_branches values (1, 0, null);
insert into pgbench_tellers select g, 1, 0, null from generate_series(1, 10) g;
insert into pgbench_accounts select g, 1, 0, '' from generate_series(1, 10000) g;`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		aid, tid, delta := 1+(i*7919)%10000, 1+i%10, (i*37)%10001-5000
		exec(b, s, "BEGIN;")
		exec(b, s, fmt.Sprintf("UPDATE pgbench_accounts SET abalance = abalance + %d WHERE aid = %d;", delta, aid))
		exec(b, s, fmt.Sprintf("SELECT abalance FROM pgbench_accounts WHERE aid = %d;", aid))
		exec(b, s, fmt.Sprintf("UPDATE pgbench_tellers SET tbalance = tbalance + %d WHERE tid = %d;", delta, tid))
		exec(b, s, fmt.Sprintf("UPDATE pgbench_branches SET bbalance = bbalance + %d WHERE bid = %d;", delta, 1))
		exec(b, s, fmt.Sprintf("INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (%d, %d, %d, %d, CURRENT_TIMESTAMP);", tid, 1, aid, delta))
		exec(b, s, "END;")
	}
}
