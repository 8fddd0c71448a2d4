package engine_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// explainRows is the rows= estimate of a query's top plan node.
func explainRows(t *testing.T, s *engine.Session, q string) string {
	t.Helper()
	m := regexp.MustCompile(`rows=(\d+)`).FindStringSubmatch(queryStrings(t, s, "explain "+q)[0][0])
	if m == nil {
		t.Fatalf("explain %s: no rows estimate", q)
	}
	return m[1]
}

// A table bulk-loaded without ANALYZE is analyzed by the background
// worker, as PostgreSQL's autovacuum does, and its estimates become what
// PostgreSQL 15 shows for the same table once analyzed (recorded: rows=100
// for user_id = 5, rows=6667 for published); pg_stat_user_tables shows the
// automatic run. Rows modified below the threshold (50 + 10% of 10,000)
// start no second run.
func TestAutoanalyze(t *testing.T) {
	e, err := engine.Open(engine.Options{AutoanalyzeNaptime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	s := mustSession(t, e)
	execScript(t, s, `
create table aa_posts (id bigint primary key, user_id bigint not null, published bool not null, title text not null);
insert into aa_posts select g, 1 + (g * 7919) % 100, g % 3 <> 0, 'post number ' || g from generate_series(1, 10000) g;
create index on aa_posts (user_id);`)
	stat := func() []string {
		return queryStrings(t, s, "select n_mod_since_analyze, analyze_count, autoanalyze_count, last_autoanalyze is not null from pg_stat_user_tables where relname = 'aa_posts'")[0]
	}
	deadline := time.Now().Add(60 * time.Second)
	for stat()[2] == "0" {
		if time.Now().After(deadline) {
			t.Fatalf("not analyzed automatically: %v", stat())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got, want := strings.Join(stat(), ","), "0,0,1,t"; got != want {
		t.Errorf("pg_stat_user_tables: %s, want %s", got, want)
	}
	if got := explainRows(t, s, "select * from aa_posts where user_id = 5"); got != "100" {
		t.Errorf("user_id = 5: rows=%s, want 100", got)
	}
	if got := explainRows(t, s, "select * from aa_posts where published"); got != "6667" {
		t.Errorf("published: rows=%s, want 6667", got)
	}

	exec(t, s, "update aa_posts set title = 'x' where id <= 500")
	time.Sleep(300 * time.Millisecond) // several naptimes
	if got, want := strings.Join(stat(), ","), "500,0,1,t"; got != want {
		t.Errorf("after 500 updates: %s, want %s", got, want)
	}
	exec(t, s, "analyze aa_posts")
	if got, want := strings.Join(stat(), ","), "0,1,1,t"; got != want {
		t.Errorf("after ANALYZE: %s, want %s", got, want)
	}
}

// An engine opened without a naptime never analyzes on its own.
func TestAutoanalyzeOffByDefault(t *testing.T) {
	e, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	s := mustSession(t, e)
	execScript(t, s, `create table t (id bigint primary key); insert into t select generate_series(1, 1000);`)
	time.Sleep(200 * time.Millisecond)
	if got := queryStrings(t, s, "select n_mod_since_analyze, autoanalyze_count from pg_stat_user_tables where relname = 't'")[0]; strings.Join(got, ",") != "1000,0" {
		t.Errorf("pg_stat_user_tables: %v, want 1000,0", got)
	}
}
