package gmsadapter_test

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// probeFixture has comments on every other post and outer tables whose
// keys are NULL, of another integer type, or text, for semi and anti joins
// that probe an index per outer row.
const probeFixture = `
create table posts (id bigint primary key, user_id bigint not null, title text not null);
create table comments (id bigint primary key, post_id bigint, body text not null);
insert into posts select g, 1 + g % 200, 'post ' || g from generate_series(1, 20000) g;
insert into comments select g, 2 + (g * 13) % 10000 * 2, 'c' || (g % 500) from generate_series(1, 20000) g;
insert into comments values (20001, null, 'orphan');
create index posts_user_id_idx on posts (user_id);
create index comments_post_id_idx on comments (post_id);
create index comments_body_idx on comments (body);
create table tags (id bigint primary key, grp int not null, post_id bigint, small int, name text);
insert into tags select g, g % 401, case when g % 3 = 0 then null else g end, g, 'c' || (g % 700) from generate_series(1, 20000) g;
create index tags_grp_idx on tags (grp);
analyze posts;
analyze comments;
analyze tags;
`

// TestProbeJoinsMatchSeqScan runs semi and anti joins that probe an index
// per outer row and requires the answers a plan without index scans
// gives; the plan must be the probing one, so the probe is what runs.
func TestProbeJoinsMatchSeqScan(t *testing.T) {
	e := enginetest.New(t)
	on, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer on.Close()
	stmts, err := engine.SplitStatements(probeFixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		if _, err := runText(t, on, st.SQL, nil); err != nil {
			t.Fatalf("%s: %v", st.SQL, err)
		}
	}
	off, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer off.Close()
	if _, err := runText(t, off, "set enable_indexscan = off", nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ q, plan string }{
		// user 7's posts are even ones, which have comments; user 8's are odd
		{"select p.id from posts p where p.user_id = 8 and not exists (select 1 from comments c where c.post_id = p.id) order by p.id", "Nested Loop Anti Join"},
		{"select p.id from posts p where p.user_id = 7 and exists (select 1 from comments c where c.post_id = p.id) order by p.id", "Nested Loop Semi Join"},
		// NULL outer keys match nothing: kept by NOT EXISTS, dropped by EXISTS
		{"select t.id from tags t where t.grp = 5 and not exists (select 1 from comments c where c.post_id = t.post_id) order by t.id", "Nested Loop Anti Join"},
		{"select t.id from tags t where t.grp = 5 and exists (select 1 from comments c where c.post_id = t.post_id) order by t.id", "Nested Loop Semi Join"},
		// an integer key of another type than the index column's, which
		// PostgreSQL compares with a cross-type operator, casting neither
		{"select t.id from tags t where t.grp = 5 and not exists (select 1 from comments c where c.post_id = t.small) order by t.id", "Index Cond: (post_id = t.small)"},
		{"select t.id from tags t where t.grp = 5 and exists (select 1 from comments c where c.post_id = t.small) order by t.id", ""},
		// text keys, and a condition on the inner row besides the keys
		{"select t.id from tags t where t.grp = 5 and not exists (select 1 from comments c where c.body = t.name) order by t.id", ""},
		{"select p.id from posts p where p.user_id = 7 and not exists (select 1 from comments c where c.post_id = p.id and c.id % 3 = 0) order by p.id", "Nested Loop Anti Join"},
	} {
		want, err := runText(t, off, c.q, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		if len(want) == 0 {
			t.Fatalf("%s: no rows without index scans; the case checks nothing", c.q)
		}
		for run := 0; run < 2; run++ { // the second run is the cached plan's
			got, err := runText(t, on, c.q, nil)
			if err != nil {
				t.Fatalf("%s: %v", c.q, err)
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("%s (run %d):\n got %v\nwant %v", c.q, run+1, got, want)
			}
		}
		if c.plan == "" {
			continue
		}
		plan, err := runText(t, on, "explain "+c.q, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(plan, "\n"), c.plan) {
			t.Errorf("%s: plan without %s:\n%s", c.q, c.plan, strings.Join(plan, "\n"))
		}
	}
}

// TestProbeJoinAnalyze: EXPLAIN ANALYZE counts the probes of a probing
// anti join as loops of its inner index scan, each returning the row it
// stopped at or none, as PostgreSQL does.
func TestProbeJoinAnalyze(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	stmts, err := engine.SplitStatements(probeFixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		if _, err := runText(t, s, st.SQL, nil); err != nil {
			t.Fatalf("%s: %v", st.SQL, err)
		}
	}
	// user 7's posts are the even ones (206, 406, ...): each has comments
	for _, c := range []struct{ q, inner string }{
		{"explain (analyze, timing off, costs off, summary off) select p.id from posts p where p.user_id = 7 and not exists (select 1 from comments c where c.post_id = p.id)",
			"Index Only Scan using comments_post_id_idx on comments c (actual rows=1 loops=100)"},
		{"explain (analyze, timing off, costs off, summary off) select p.id from posts p where p.user_id = 8 and not exists (select 1 from comments c where c.post_id = p.id)",
			"Index Only Scan using comments_post_id_idx on comments c (actual rows=0 loops=100)"},
	} {
		plan, err := runText(t, s, c.q, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(plan, "\n"); !strings.Contains(got, c.inner) {
			t.Errorf("%s:\n%s\nwant a line %q", c.q, got, c.inner)
		}
	}
}
