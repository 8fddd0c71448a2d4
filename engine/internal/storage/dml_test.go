package storage_test

import (
	"fmt"
	"strings"
	"testing"
)

// script is a named sequence of setup statements followed by a query and
// its expected rows.
type script struct {
	name  string
	setup []string
	query string
	want  []string
}

func runScripts(t *testing.T, scripts []script) {
	t.Helper()
	for _, sc := range scripts {
		t.Run(sc.name, func(t *testing.T) {
			h := newHarness(t)
			h.exec(sc.setup...)
			wantRows(t, h.query(sc.query), sc.want...)
		})
	}
}

func TestDML(t *testing.T) {
	base := []string{
		"create table t (id bigint primary key, name varchar(20), score bigint)",
		"insert into t values (1, 'a', 10), (2, 'b', 20), (3, 'c', NULL)",
	}
	with := func(more ...string) []string { return append(append([]string(nil), base...), more...) }
	runScripts(t, []script{
		{name: "select all in insertion order", setup: base, query: "select * from t",
			want: []string{"1,a,10", "2,b,20", "3,c,NULL"}},
		{name: "insert appends whatever its key", setup: with("insert into t values (0, 'z', 1)"), query: "select id from t",
			want: []string{"1", "2", "3", "0"}},
		{name: "update moves the new versions to the end", setup: with("update t set score = score + 1 where id < 3"), query: "select * from t",
			want: []string{"3,c,NULL", "1,a,11", "2,b,21"}},
		{name: "delete leaves the slot, insert appends", setup: with("delete from t where id = 1", "insert into t values (1, 'n', 0)"), query: "select id from t",
			want: []string{"2", "3", "1"}},
		{name: "lookup by key still finds a moved row", setup: with("update t set name = 'q' where id = 1", "update t set name = 'r' where id = 1"),
			query: "select name from t where id = 1", want: []string{"r"}},
		{name: "range lookup by key is in key order", setup: with("update t set name = 'q' where id = 1"),
			query: "select id from t where id >= 1 order by id", want: []string{"1", "2", "3"}},
		{name: "update primary key", setup: with("update t set id = id + 10 where id = 1"), query: "select * from t",
			want: []string{"2,b,20", "3,c,NULL", "11,a,10"}},
		{name: "update every key past the others", setup: with("update t set id = id + 10"), query: "select id from t",
			want: []string{"11", "12", "13"}},
		{name: "delete by key", setup: with("delete from t where id = 2"), query: "select id from t",
			want: []string{"1", "3"}},
		{name: "delete by filter", setup: with("delete from t where score is null"), query: "select id from t",
			want: []string{"1", "2"}},
		{name: "delete all", setup: with("delete from t"), query: "select count(*) from t",
			want: []string{"0"}},
		{name: "truncate", setup: with("truncate table t", "insert into t values (7, 'q', 1)"), query: "select * from t",
			want: []string{"7,q,1"}},
		{name: "insert select from same table sees the statement snapshot",
			setup: with("insert into t select id + 100, name, score from t"), query: "select count(*) from t",
			want: []string{"6"}},
		{name: "aggregate", setup: base, query: "select sum(score), max(id) from t",
			want: []string{"30,3"}},
		{name: "join", setup: with("create table u (tid bigint, v varchar(5))", "insert into u values (1, 'x'), (3, 'y'), (3, 'z')"),
			query: "select t.name, u.v from t join u on t.id = u.tid order by u.v", want: []string{"a,x", "c,y", "c,z"}},
	})
}

func TestKeylessTable(t *testing.T) {
	setup := []string{
		"create table k (a bigint, b varchar(10))",
		"insert into k values (1, 'x'), (1, 'x'), (2, NULL), (3, 'z')",
	}
	with := func(more ...string) []string { return append(append([]string(nil), setup...), more...) }
	runScripts(t, []script{
		{name: "insertion order and duplicates", setup: setup, query: "select * from k",
			want: []string{"1,x", "1,x", "2,NULL", "3,z"}},
		{name: "delete duplicates", setup: with("delete from k where a = 1"), query: "select * from k",
			want: []string{"2,NULL", "3,z"}},
		{name: "update row with NULL", setup: with("update k set b = 'y' where a = 2"), query: "select * from k",
			want: []string{"1,x", "1,x", "3,z", "2,y"}},
		{name: "update one of two equal rows changes both", setup: with("update k set a = 9 where b = 'x'"), query: "select * from k",
			want: []string{"2,NULL", "3,z", "9,x", "9,x"}},
		{name: "secondary index on keyless table", setup: with("create index k_a on k (a)"), query: "select b from k where a = 3",
			want: []string{"z"}},
	})
}

func TestRowCountAndRows(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, v bigint)", "insert into t values (3, 30), (1, 10), (2, 20)")
	s := h.session()
	ctx := h.ctx(s)
	tbl, ok, err := h.prov.DB().Table(ctx, "public", "t")
	if err != nil || !ok {
		t.Fatalf("Table: %v %v", ok, err)
	}
	n, exact, err := tbl.RowCount(ctx)
	if err != nil || !exact || n != 3 {
		t.Fatalf("RowCount = %d, %v, %v; want 3, true, nil", n, exact, err)
	}
	iter, err := tbl.Rows(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rows := drain(t, ctx, iter)
	wantRows(t, rows, "3,30", "1,10", "2,20") // insertion order
	if got := tbl.SchemaName(); got != "public" {
		t.Errorf("SchemaName() = %q, want public", got)
	}
}

// TestUpdateScansStatementSnapshot moves every key past the others in a
// table larger than one scan chunk: each row must be updated exactly once.
func TestUpdateScansStatementSnapshot(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, v bigint)")
	h.exec(insertValues("t", 1000, func(i int) string { return fmt.Sprintf("(%d, %d)", i, i) }))
	h.exec("update t set id = id + 1000, v = v + 1")
	wantRows(t, h.query("select count(*), min(id), max(id), sum(v) from t"), "1000,1000,1999,500500")
}

func TestUpdateConflictingKeyFailsWholeStatement(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key)", "insert into t values (1), (2), (3)")
	// PostgreSQL checks non-deferrable unique constraints row by row, so
	// moving 1 onto 3 fails; the statement leaves nothing behind.
	if _, err := h.autocommit("update t set id = id + 2"); err == nil {
		t.Fatal("update succeeded, want duplicate key error")
	}
	wantRows(t, h.query("select id from t"), "1", "2", "3")
}

// insertValues builds one INSERT of n rows.
func insertValues(table string, n int, row func(i int) string) string {
	var b strings.Builder
	b.WriteString("insert into " + table + " values ")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(row(i))
	}
	return b.String()
}
