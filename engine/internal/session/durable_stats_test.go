package session

import (
	"strings"
	"testing"
)

// statsQueries read what ANALYZE and VACUUM computed, as psql, PostgREST's
// planned count and the planner see it.
var statsQueries = []string{
	"select attname, null_frac, avg_width, n_distinct, most_common_vals::text, most_common_freqs from pg_stats where schemaname = 'public' order by tablename, attname",
	"select relname, reltuples, relpages from pg_class where relname in ('posts', 'tags', 'posts_pkey') order by relname",
	"select relname, n_live_tup, analyze_count from pg_stat_user_tables where schemaname = 'public' order by relname",
	"explain select * from public.posts where user_id = 3",
	"explain select * from public.posts where title = 'title 7'",
	"explain select * from public.posts where note is null",
	"explain select * from public.tags",
}

func statsSnapshot(t *testing.T, e *Engine) []string {
	t.Helper()
	return snapshotQueries(t, e, statsQueries...) // durable_test.go
}

// TestDurableStatistics: the statistics ANALYZE and VACUUM computed
// survive a clean stop and a crash, with the row estimates EXPLAIN prints
// from them.
func TestDurableStatistics(t *testing.T) {
	for _, mode := range []string{"close", "crash"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			e, err := Open(Options{DataDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			s, err := e.Connect(SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			execAll(t, s, `
create table public.posts (id bigint primary key, user_id int, title text, note text, created timestamptz);
create index on public.posts (user_id);
insert into public.posts select g, g % 50, 'title ' || (g % 7), case when g % 3 = 0 then null else 'n' || g end,
  timestamptz '2024-01-01' + g * interval '1 minute' from generate_series(1, 3000) g;
create table public.tags (name text primary key);
insert into public.tags select 't' || g from generate_series(1, 500) g;
analyze public.posts;
vacuum public.tags;
insert into public.posts select g, 1, 'late', null, null from generate_series(3001, 3100) g;
`)
			s.Close()
			want := statsSnapshot(t, e)
			if !strings.Contains(want[0], "user_id|0|4|50|") || !strings.Contains(want[1], "tags|500|") {
				t.Fatalf("statistics not computed:\n%s\n%s", want[0], want[1])
			}
			if mode == "close" {
				if err := e.Close(); err != nil {
					t.Fatal(err)
				}
			} else {
				crash(t, e)
			}
			e2, err := Open(Options{DataDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			defer e2.Close()
			got := statsSnapshot(t, e2)
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%s\n got: %q\nwant: %q", statsQueries[i], got[i], want[i])
				}
			}
			// statistics computed after recovery persist as well, and a
			// second ANALYZE counts on from the recovered count
			s2, err := e2.Connect(SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			execAll(t, s2, "analyze public.posts (user_id)")
			s2.Close()
			want = statsSnapshot(t, e2)
			crash(t, e2)
			e3, err := Open(Options{DataDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			defer e3.Close()
			got = statsSnapshot(t, e3)
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("after a second ANALYZE: %s\n got: %q\nwant: %q", statsQueries[i], got[i], want[i])
				}
			}
			if !strings.Contains(got[2], "posts|3100|2") {
				t.Errorf("analyze_count after two ANALYZEs: %q", got[2])
			}
		})
	}
}

// TestDurableStatisticsRolledBack: an ANALYZE whose transaction rolled
// back leaves nothing in the data directory.
func TestDurableStatisticsRolledBack(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.t (id int primary key, v int);
insert into public.t select g, g % 4 from generate_series(1, 100) g;
begin; analyze public.t; rollback;`)
	s = reopen()
	if got := queryAll(t, s, "select count(*) from pg_stats where tablename = 't'"); got != "0\n" {
		t.Errorf("pg_stats rows after a rolled-back ANALYZE and a restart: %q", got)
	}
	if got := queryAll(t, s, "select reltuples from pg_class where relname = 't'"); got != "-1\n" {
		t.Errorf("reltuples: %q", got)
	}
}
