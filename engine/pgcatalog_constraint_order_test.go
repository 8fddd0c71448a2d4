package engine_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestConstraintCreationOrder checks that pg_constraint lists a CREATE
// TABLE's constraints in the order PostgreSQL makes them (checks, primary
// key and unique constraints, foreign keys, each in the order written):
// pgTAP's col_has_check takes the first matching row without ORDER BY.
func TestConstraintCreationOrder(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"create table p (id int primary key)",
		"create table t (a int check (a > 0) references p, b int unique, c int, d int check (d > c and d > a), primary key (c), check (b > 0), unique (a, b), foreign key (b) references p)",
	} {
		rows, err := s.Query(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	got := queryStrings(t, s, "select conname, conkey::text from pg_constraint where conrelid = 't'::regclass")
	want := [][]string{
		{"t_a_check", "{1}"}, {"t_check", "{4,3,1}"}, {"t_b_check", "{2}"},
		{"t_pkey", "{3}"}, {"t_b_key", "{2}"}, {"t_a_b_key", "{1,2}"},
		{"t_a_fkey", "{1}"}, {"t_b_fkey", "{2}"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pg_constraint (-want +got):\n%s", diff)
	}
}
