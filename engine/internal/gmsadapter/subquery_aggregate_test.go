package gmsadapter_test

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestSubqueryAggregateLevels runs each query with a subquery that repeats
// an aggregate of the outer query beside the same query with the
// subquery's value written in, with index scans on and off: GMS merges
// aggregates by their text through enclosing scopes, and a subquery's
// count(*) must stay the subquery's (translate/aggregate_level.go).
func TestSubqueryAggregateLevels(t *testing.T) {
	e := enginetest.New(t)
	sessions := map[string]*engine.Session{}
	for _, name := range []string{"on", "off"} {
		s, err := e.Connect(engine.SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sessions[name] = s
	}
	stmts, err := engine.SplitStatements(plannerFixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		if _, err := runText(t, sessions["on"], st.SQL, nil); err != nil {
			t.Fatalf("%s: %v", st.SQL, err)
		}
	}
	if _, err := runText(t, sessions["off"], "set enable_indexscan = off", nil); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, query, sub string }{
		{"having", "select a, count(*) from t group by a having count(*) > (SUB) order by 1", "select count(*) / 40 from t"},
		{"select list", "select a, count(*), (SUB) from t group by a order by 1", "select count(*) from t"},
		{"order by", "select a, count(*) from t group by a order by (SUB) + count(*), 1", "select count(*) from t where a < 3"},
		{"where of ungrouped", "select count(*) from t where a > (SUB)", "select count(*) / 100 from t"},
		{"nested", "select a, max(b) from t group by a having max(b) >= (SUB) order by 1", "select max(b) - (select max(b) from t where a = 1) + 10 from t where a = 1"},
		{"array", "select a, count(*) from t group by a having count(*) > (SUB) order by 1", "select cardinality(array(select count(*) from t group by a)) + 10"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for name, s := range sessions {
				val, err := runText(t, s, c.sub, nil)
				if err != nil || len(val) != 1 {
					t.Fatalf("%s: %s: %v %v", name, c.sub, val, err)
				}
				got, err := runText(t, s, strings.Replace(c.query, "SUB", c.sub, 1), nil)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				want, err := runText(t, s, strings.Replace(c.query, "(SUB)", val[0], 1), nil)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if strings.Join(got, ";") != strings.Join(want, ";") {
					t.Errorf("%s: %s\n got %v\nwant %v", name, c.query, got, want)
				}
				if len(want) == 0 && !strings.Contains(c.name, "where") {
					t.Errorf("%s: no rows: the case proves nothing", name)
				}
			}
		})
	}
}

// TestSubqueryScanOrder requires a subquery's range lookup on constants
// to return its rows in the order the same query returns them at the top
// level, where the scan chooses between key order and heap order by
// cost (subquery_scan.go): ARRAY() keeps that order.
func TestSubqueryScanOrder(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	stmts, err := engine.SplitStatements(plannerFixture + "analyze t;")
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		if _, err := runText(t, s, st.SQL, nil); err != nil {
			t.Fatalf("%s: %v", st.SQL, err)
		}
	}
	for _, where := range []string{
		"a between 3 and 20",
		"a = 5",
		"a = 5 and b between 1 and 9",
		"id > 1990",
		"c > 'c50'",
		"a = 7 and c like 'c1%'",
	} {
		top, err := runText(t, s, "select id from t where "+where, nil)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := runText(t, s, "select array(select id from t where "+where+")", nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := "{" + strings.Join(top, ",") + "}"; len(sub) != 1 || sub[0] != want {
			t.Errorf("%s:\n subquery %v\n top      %s", where, sub, want)
		}
	}
}
