package engine_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// SHOW ALL lists what pg_settings lists, as PostgreSQL's three columns
// (its full output holds values that depend on the recording server, so
// the conformance corpus checks pg_settings instead).
func TestShowAllMatchesPgSettings(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	ctx := context.Background()
	execScript(t, s, "SET work_mem = '65536'")
	r, err := s.Query(ctx, "SHOW ALL")
	if err != nil {
		t.Fatal(err)
	}
	var cols []string
	for _, c := range r.Columns() {
		cols = append(cols, c.Name)
	}
	rows, err := r.TextRows()
	if err != nil {
		t.Fatal(err)
	}
	if len(cols) != 3 || cols[0] != "name" || cols[1] != "setting" || cols[2] != "description" {
		t.Fatalf("SHOW ALL columns %v", cols)
	}
	shown := map[string]string{}
	for _, row := range rows {
		shown[*row[0]] = *row[1]
	}
	if shown["work_mem"] != "64MB" || shown["max_connections"] != "100" || shown["shared_buffers"] != "128MB" {
		t.Fatalf("SHOW ALL: work_mem %q, max_connections %q, shared_buffers %q", shown["work_mem"], shown["max_connections"], shown["shared_buffers"])
	}
	r, err = s.Query(ctx, "SELECT count(*)::text FROM pg_settings")
	if err != nil {
		t.Fatal(err)
	}
	n, err := r.TextRows()
	if err != nil {
		t.Fatal(err)
	}
	if want := *n[0][0]; want != strconv.Itoa(len(rows)) {
		t.Fatalf("SHOW ALL has %d rows, pg_settings %s", len(rows), want)
	}
}
