package gmsadapter_test

import (
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestExplainEstimatesAfterBulkWrites: rows written after the last
// ANALYZE count without another one. PostgreSQL scales reltuples by the
// table's current pages (plancat.c estimate_rel_size); tinybase reads
// the live row count storage maintains on every write, and applies the
// analyzed column statistics (fractions) to it, so a bulk insert or
// delete does not leave the planner at the old size.
func TestExplainEstimatesAfterBulkWrites(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, q := range []string{
		"create table grow (id int primary key, grp int not null, note text)",
		"insert into grow select g, g % 10, case when g % 4 = 0 then null else 'x' end from generate_series(1, 1000) g",
		"analyze grow",
		"insert into grow select g, g % 10, case when g % 4 = 0 then null else 'x' end from generate_series(1001, 10000) g",
	} {
		if _, err := runText(t, s, q, nil); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	check := func(label string, cases []struct {
		q    string
		want int64
	}) {
		t.Helper()
		for _, c := range cases {
			if got := explainRows(t, s, c.q, nil); got != c.want {
				t.Errorf("%s: %s: Plan Rows %d, want %d", label, c.q, got, c.want)
			}
		}
	}
	check("after a bulk insert", []struct {
		q    string
		want int64
	}{
		{"select 1 from grow", 10000},
		{"select 1 from grow where grp = 3", 1000},
		{"select 1 from grow where note is null", 2500},
	})
	if _, err := runText(t, s, "delete from grow where id > 2000", nil); err != nil {
		t.Fatal(err)
	}
	check("after a bulk delete", []struct {
		q    string
		want int64
	}{
		{"select 1 from grow", 2000},
		{"select 1 from grow where grp = 3", 200},
	})
	// pg_class keeps what ANALYZE saw, as without autovacuum
	if out, err := runText(t, s, "select reltuples from pg_class where relname = 'grow'", nil); err != nil || len(out) != 1 || out[0] != "1000" {
		t.Errorf("reltuples: %v %v", out, err)
	}
}
