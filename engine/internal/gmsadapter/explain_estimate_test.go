package gmsadapter_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// explainRows returns the top node's "Plan Rows" of EXPLAIN (FORMAT
// JSON) of q.
func explainRows(t *testing.T, s *engine.Session, q string, args []any) int64 {
	t.Helper()
	out, err := runText(t, s, "explain (format json) "+q, args)
	if err != nil || len(out) != 1 {
		t.Fatalf("%s: %v %v", q, out, err)
	}
	var plans []struct {
		Plan struct {
			Rows int64 `json:"Plan Rows"`
		} `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(out[0]), &plans); err != nil || len(plans) != 1 {
		t.Fatalf("%s: %s: %v", q, out[0], err)
	}
	return plans[0].Plan.Rows
}

// TestExplainEstimates holds EXPLAIN's top-node row estimates (the
// "Plan Rows" PostgREST's planned count reads) to those PostgreSQL 15
// prints for the same table after ANALYZE and before it, when equality
// falls back to PostgreSQL's default selectivity. The statistics are read by
// another session after the analyzing one closed: an ANALYZE outside a
// transaction block commits.
func TestExplainEstimates(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"create table est (id int primary key, grp int not null, sk int, note text)",
		"insert into est select g, g % 10, case when g <= 900 then 0 else g end, case when g % 4 = 0 then null else 'x' || (g % 3) end from generate_series(1, 1000) g",
	} {
		if _, err := runText(t, s, q, nil); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	before := []struct {
		name, q string
		want    int64
	}{
		// PostgreSQL's for this table before ANALYZE: ten pages (it has
		// six) of tuples of its width
		{"whole table: ten pages", "select 1 from est", 1130},
		{"equality without statistics: 0.5%", "select 1 from est where grp = 3", 6},
		{"unique key", "select 1 from est where id = 5", 1},
	}
	for _, c := range before {
		t.Run("before analyze/"+c.name, func(t *testing.T) {
			if got := explainRows(t, s, c.q, nil); got != c.want {
				t.Errorf("%s: Plan Rows %d, want %d", c.q, got, c.want)
			}
		})
	}
	if _, err := runText(t, s, "analyze est", nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	after := []struct {
		name, q string
		args    []any
		want    int64
	}{
		{"whole table", "select 1 from est", nil, 1000},
		{"equality: one distinct value's share", "select 1 from est where grp = 3", nil, 100},
		{"equality with a parameter", "select 1 from est where grp = $1", []any{3}, 100},
		{"is null: the null fraction", "select 1 from est where note is null", nil, 250},
		{"a most common value: its frequency", "select 1 from est where sk = 0", nil, 900},
		{"another value: the rest spread over the other values", "select 1 from est where sk = 950", nil, 1},
		{"= any: one share per element", "select 1 from est where grp = any('{1,2}')", nil, 200},
		{"and: the product", "select 1 from est where grp = 3 and note = 'x1'", nil, 25},
		{"group by: the distinct count", "select grp, count(*) from est group by grp", nil, 10},
		{"unique key", "select 1 from est where id = 5", nil, 1},
	}
	for _, c := range after {
		t.Run("after analyze/"+c.name, func(t *testing.T) {
			if got := explainRows(t, s2, c.q, c.args); got != c.want {
				t.Errorf("%s: Plan Rows %d, want %d", c.q, got, c.want)
			}
		})
	}
}

// TestExplainWithoutFrom: a SELECT without FROM is PostgreSQL's Result
// node in both formats (FORMAT JSON failed with an internal error).
func TestExplainWithoutFrom(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	out, err := runText(t, s, "explain (verbose, format json) select 1", nil)
	if err != nil || len(out) != 1 {
		t.Fatalf("%v %v", out, err)
	}
	var plans []struct {
		Plan map[string]any `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(out[0]), &plans); err != nil || len(plans) != 1 || plans[0].Plan["Node Type"] != "Result" {
		t.Fatalf("%s: %v", out[0], err)
	}
	if _, ok := plans[0].Plan["Relation Name"]; ok {
		t.Errorf("a Result names no relation: %s", out[0])
	}
	out, err = runText(t, s, "explain select 1", nil)
	if err != nil || len(out) != 1 || !strings.HasPrefix(out[0], "Result  (cost=") {
		t.Fatalf("%v %v", out, err)
	}
}

// TestExplainSettingsAndQueryID: EXPLAIN (SETTINGS) lists the planner
// settings that differ from PostgreSQL's compiled-in values (the Supabase
// server's effective_cache_size of 128MB among them), and VERBOSE prints
// a query identifier that ignores constants, while compute_query_id is
// on or auto.
func TestExplainSettingsAndQueryID(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := runText(t, s, "create table qi (id int primary key, v text)", nil); err != nil {
		t.Fatal(err)
	}
	type plan struct {
		Plan     map[string]any    `json:"Plan"`
		Settings map[string]string `json:"Settings"`
		QueryID  *int64            `json:"Query Identifier"`
	}
	explain := func(q string) plan {
		t.Helper()
		out, err := runText(t, s, q, nil)
		if err != nil || len(out) != 1 {
			t.Fatalf("%s: %v %v", q, out, err)
		}
		var p []plan
		if err := json.Unmarshal([]byte(out[0]), &p); err != nil || len(p) != 1 {
			t.Fatalf("%s: %s: %v", q, out[0], err)
		}
		return p[0]
	}
	if _, err := runText(t, s, "set search_path = public", nil); err != nil {
		t.Fatal(err)
	}
	p := explain("explain (settings, format json) select * from qi")
	if len(p.Settings) != 2 || p.Settings["effective_cache_size"] != "128MB" || p.Settings["search_path"] != "public" {
		t.Errorf("settings at the defaults: %v", p.Settings)
	}
	if p.QueryID != nil {
		t.Errorf("a query identifier without VERBOSE")
	}
	// as PostgREST sets it: set_config keeps the value as given
	if _, err := runText(t, s, `select set_config('search_path', '"public", "public", "extensions"', false)`, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := runText(t, s, "set enable_seqscan = off", nil); err != nil {
		t.Fatal(err)
	}
	p = explain("explain (settings, verbose, format json) select * from qi where id = 1")
	want := map[string]string{"effective_cache_size": "128MB", "enable_seqscan": "off", "search_path": `"public", "public", "extensions"`}
	if len(p.Settings) != len(want) {
		t.Errorf("settings: %v, want %v", p.Settings, want)
	}
	for k, v := range want {
		if p.Settings[k] != v {
			t.Errorf("settings: %v, want %v", p.Settings, want)
		}
	}
	if p.QueryID == nil || *p.QueryID == 0 {
		t.Fatalf("no query identifier with VERBOSE")
	}
	id := *p.QueryID
	if q := explain("explain (verbose, format json) select * from qi where id = 2"); q.QueryID == nil || *q.QueryID != id {
		t.Errorf("the identifier depends on a constant: %v vs %d", q.QueryID, id)
	}
	if q := explain("explain (verbose, format json) select v from qi where id = 2"); q.QueryID == nil || *q.QueryID == id {
		t.Errorf("another query has the same identifier")
	}
	out, err := runText(t, s, "explain (verbose, settings) select * from qi", nil)
	if err != nil || len(out) < 3 || out[len(out)-2] != `Settings: effective_cache_size = '128MB', enable_seqscan = 'off', search_path = '"public", "public", "extensions"'` || !strings.HasPrefix(out[len(out)-1], "Query Identifier: ") {
		t.Errorf("text: %q %v", out, err)
	}
	if _, err := runText(t, s, "set compute_query_id = off", nil); err != nil {
		t.Fatal(err)
	}
	if q := explain("explain (verbose, format json) select * from qi"); q.QueryID != nil {
		t.Errorf("a query identifier with compute_query_id off")
	}
}

// TestExplainUnanalyzedSmallTable holds a small table's estimates before
// ANALYZE to those PostgreSQL 15 prints: ten pages of tuples of the
// table's width (2260 rows of (int, int), 1270 of (int, text), 510 of
// the postgrest-js fixture's users), the live count once analyzed.
func TestExplainUnanalyzedSmallTable(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, q := range []string{
		"create table small_i (id int primary key, n int)",
		"insert into small_i values (1, 1), (2, 2), (3, 3)",
		"create table small_e (id int primary key, t text)",
		"create type small_status as enum ('ONLINE', 'OFFLINE')",
		"create table small_u (username text primary key, data jsonb, age_range int4range, status small_status, catchphrase tsvector)",
		"insert into small_u (username) values ('a'), ('b'), ('c'), ('d'), ('e')",
	} {
		if _, err := runText(t, s, q, nil); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, c := range []struct {
		q    string
		want int64
	}{
		{"select 1 from small_i", 2260},
		{"select 1 from small_i where n = 2", 11},
		{"select 1 from small_e", 1270},
		{"select 1 from small_u", 510},
	} {
		if got := explainRows(t, s, c.q, nil); got != c.want {
			t.Errorf("%s: Plan Rows %d, want %d", c.q, got, c.want)
		}
	}
	if _, err := runText(t, s, "analyze small_u", nil); err != nil {
		t.Fatal(err)
	}
	if got := explainRows(t, s, "select 1 from small_u", nil); got != 5 {
		t.Errorf("analyzed: Plan Rows %d, want 5", got)
	}
}
