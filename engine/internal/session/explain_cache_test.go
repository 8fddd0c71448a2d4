package session

import (
	"strings"
	"testing"
)

// explainStep runs one statement and, for an EXPLAIN, states a fragment
// its plan must hold (want) and one it must not (not).
type explainStep struct {
	query     string
	want, not string
}

// runExplainSteps runs every step on s; an EXPLAIN runs twice in a row, so
// the second run prints the cached plan, and both runs are checked.
func runExplainSteps(t *testing.T, s *Session, steps []explainStep) {
	t.Helper()
	for i, st := range steps {
		runs := 1
		if strings.HasPrefix(st.query, "explain") {
			runs = 2
		}
		for r := 0; r < runs; r++ {
			got := runScript(t, s, []string{st.query})[0]
			if strings.Contains(got, "=> ERROR") {
				t.Fatalf("step %d: %s", i, got)
			}
			if st.want != "" && !strings.Contains(got, st.want) {
				t.Errorf("step %d (run %d): %s\nwant it to hold %q", i, r+1, got, st.want)
			}
			if st.not != "" && strings.Contains(got, st.not) {
				t.Errorf("step %d (run %d): %s\nwant it not to hold %q", i, r+1, got, st.not)
			}
		}
	}
}

// explainEntry is s's statement-cache entry for an EXPLAIN text, nil when
// it has none with a plan.
func explainEntry(s *Session, text string) *cachedStmt {
	for k, v := range s.cache.entries {
		if strings.HasPrefix(k, text+"\x00") && v.explain != nil {
			return v
		}
	}
	return nil
}

// TestExplainCacheDDL: an EXPLAIN's plan is cached, and an index created
// or dropped (in this session or another one, inside a transaction or
// not) is seen by the next EXPLAIN of the same text.
func TestExplainCacheDDL(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table t (id bigint primary key, v int not null)",
		"insert into t select g, g % 1000 from generate_series(1, 5000) g",
		"analyze t")
	s, other := connectT(t, e), connectT(t, e)
	q := "explain (costs off) select id from t where v = 7"
	runExplainSteps(t, s, []explainStep{
		{q, "Seq Scan on t", "Index"},
	})
	if explainEntry(s, q) == nil {
		t.Fatalf("%s: no plan in the statement cache", q)
	}
	runExplainSteps(t, s, []explainStep{
		{"create index t_v_idx on t (v)", "", ""},
		{q, "t_v_idx", "Seq Scan"},
		{"drop index t_v_idx", "", ""},
		{q, "Seq Scan on t", "t_v_idx"},
	})
	runScript(t, other, []string{"create index t_v_other on t (v)"})
	runExplainSteps(t, s, []explainStep{
		{q, "t_v_other", "Seq Scan"},
		{"begin", "", ""},
		{"drop index t_v_other", "", ""},
		{q, "Seq Scan on t", "t_v_other"},
		{"rollback", "", ""},
		{q, "t_v_other", "Seq Scan"},
	})
}

// TestExplainCacheRoleAndPath: the same EXPLAIN text plans the table the
// search_path finds, and the row security of the current role.
func TestExplainCacheRoleAndPath(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, owner text not null)",
		"insert into t select g, 'u' || (g % 10) from generate_series(1, 2000) g",
		"create schema other",
		"create table other.t (id bigint primary key, owner text not null)",
		"create index other_t_owner on other.t (owner)",
		"insert into other.t select g, 'u' || (g % 10) from generate_series(1, 2000) g",
		"analyze t",
		"analyze other.t",
		"alter table t enable row level security",
		"create role explain_reader",
		"grant select on t to explain_reader",
		"grant usage on schema other to explain_reader",
		"grant select on other.t to explain_reader",
		"create policy own on t for select to explain_reader using (owner = 'u3')")
	s := connectT(t, e)
	q := "explain (costs off) select id from t where id > 1990"
	runExplainSteps(t, s, []explainStep{
		{q, "on t", "owner"},
		{"set role explain_reader", "", ""},
		{q, "owner = 'u3'", ""}, // the policy's qual
		{"reset role", "", ""},
		{q, "on t", "owner"},
		{"set search_path = other, public", "", ""},
		{"explain (costs off) select id from t where owner = 'u3'", "other_t_owner", ""},
		{"reset search_path", "", ""},
		{"explain (costs off) select id from t where owner = 'u3'", "Seq Scan on t", "other_t_owner"},
	})
}

// TestExplainIsNotDDL: an EXPLAIN leaves the engine's DDL version, and so
// every session's cached statements, as they were.
func TestExplainIsNotDDL(t *testing.T) {
	e := newPlanEngine(t, false, "create table t (id bigint primary key)")
	s := connectT(t, e)
	before := e.ddlVersion.Load()
	runExplainSteps(t, s, []explainStep{
		{"explain select id from t where id = 1", "Index", ""},
		{"explain analyze select id from t", "Seq Scan on t", ""},
		{"select id from t", "", ""},
	})
	if after := e.ddlVersion.Load(); after != before {
		t.Errorf("DDL version moved from %d to %d", before, after)
	}
	if explainEntry(s, "explain select id from t where id = 1") == nil {
		t.Error("the EXPLAIN's cached plan is gone")
	}
}
