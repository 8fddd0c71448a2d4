package gmsadapter_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tinybase/tinybase/engine"
)

var record = flag.Bool("record", false, "record testdata/explain_subquery.golden from the PostgreSQL at TINYBASE_PG_URL")

// subqueryFixture is posts with comments on every other post, large
// enough that PostgreSQL 15 probes indexes for few outer rows.
const subqueryFixture = `
drop table if exists comments;
drop table if exists posts;
drop table if exists users;
create table users (id bigint primary key, name text not null);
create table posts (id bigint primary key, user_id bigint not null references users(id), title text not null);
create table comments (id bigint primary key, post_id bigint not null references posts(id), body text not null);
insert into users select g, 'user ' || g from generate_series(1, 1000) g;
insert into posts select g, 1 + (g * 7919) % 1000, 'post ' || g from generate_series(1, 20000) g;
insert into comments select g, 2 + (g * 13) % 10000 * 2, 'c' || (g % 500) from generate_series(1, 20000) g;
create index posts_user_id_idx on posts (user_id);
create index comments_post_id_idx on comments (post_id);
analyze users;
analyze posts;
analyze comments;
`

// subqueryShapes are the subquery shapes whose plan tinybase chooses as
// PostgreSQL does: index probes per outer row for a few outer rows, the
// subquery's distinct keys driving lookups, a SubPlan per row for a
// scalar subquery, a hash semi join over whole tables.
var subqueryShapes = []string{
	"explain (costs off) select p.id from posts p where exists (select 1 from comments c where c.post_id = p.id) and p.user_id = 7",
	"explain (costs off) select p.id, p.title from posts p where not exists (select 1 from comments c where c.post_id = p.id) and p.user_id = 7",
	"explain (costs off) select p.id from posts p where p.user_id = 7 and p.id in (select c.post_id from comments c)",
	"explain (costs off) select p.id, (select u.name from users u where u.id = p.user_id) from posts p where p.user_id = 7",
	"explain (costs off) select p.title from posts p where p.id in (select c.post_id from comments c where c.body = 'c7')",
	"explain (costs off) select count(*) from posts p where exists (select 1 from comments c where c.post_id = p.id)",
	"explain (costs off) select p.id, p.title from posts p where exists (select 1 from comments c where c.post_id = p.id) order by p.id limit 20",
}

// TestExplainSubqueryPlans compares EXPLAIN of subquery shapes with the
// plans PostgreSQL 15 printed for them (recorded with -record).
func TestExplainSubqueryPlans(t *testing.T) {
	golden := filepath.Join("testdata", "explain_subquery.golden")
	if *record {
		recordPlans(t, golden, subqueryFixture, subqueryShapes, "drop table comments", "drop table posts", "drop table users")
	}
	s, _ := sessionWith(t, subqueryFixture)
	checkPlans(t, s, golden, subqueryShapes)
}

// checkPlans compares EXPLAIN of each of shapes on s with the plan
// PostgreSQL printed for it in golden (recordPlans' format).
func checkPlans(t *testing.T, s *engine.Session, golden string, shapes []string) {
	t.Helper()
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, block := range strings.Split(strings.TrimSpace(string(data)), "\n\n") {
		q, plan, _ := strings.Cut(block, "\n")
		want[strings.TrimPrefix(q, "-- ")] = plan
	}
	for _, q := range shapes {
		w, ok := want[q]
		if !ok {
			t.Errorf("%s: not recorded (run with -record)", q)
			continue
		}
		lines, err := runText(t, s, q, nil)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if got := strings.Join(lines, "\n"); got != w {
			t.Errorf("%s:\n%s\nPostgreSQL 15:\n%s", q, got, w)
		}
	}
}

// recordPlans writes PostgreSQL's plans of shapes over fixture into
// golden, then runs cleanup there.
func recordPlans(t *testing.T, golden, fixture string, shapes []string, cleanup ...string) {
	url := os.Getenv("TINYBASE_PG_URL")
	if url == "" {
		t.Fatal("-record needs TINYBASE_PG_URL")
	}
	ctx := context.Background()
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	stmts, err := engine.SplitStatements(fixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		if _, err := c.Exec(ctx, st.SQL); err != nil {
			t.Fatalf("%s: %v", st.SQL, err)
		}
	}
	var b strings.Builder
	for _, q := range shapes {
		rows, err := c.Query(ctx, q, pgx.QueryExecModeSimpleProtocol)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		b.WriteString("-- " + q + "\n" + strings.Join(lines, "\n") + "\n\n")
	}
	if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, q := range cleanup {
		if _, err := c.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
}
