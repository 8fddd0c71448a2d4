package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

// TestCopyIntoPartitionedTable: COPY FROM into a partitioned table routes
// each row to its partition, as INSERT does, and a row no partition
// accepts fails the COPY with PostgreSQL's 23514, leaving nothing behind.
func TestCopyIntoPartitionedTable(t *testing.T) {
	e, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := mustSession(t, e)
	ctx := context.Background()
	if _, err := s.Exec(ctx, `create table m (a int, b text) partition by range (a);
create table m1 partition of m for values from (1) to (10);
create table m2 partition of m for values from (10) to (20);`); err != nil {
		t.Fatal(err)
	}
	copyRows := func(data string) (string, error) {
		cp, err := s.Copy(ctx, "copy m from stdin")
		if err != nil {
			return "", err
		}
		if err := cp.Write([]byte(data)); err != nil {
			return "", err
		}
		return cp.Done()
	}
	if tag, err := copyRows("1\ta\n15\tb\n9\tc\n"); err != nil || tag != "COPY 3" {
		t.Fatalf("copy: %q %v", tag, err)
	}
	_, err = copyRows("2\td\n25\te\n")
	if err == nil || !strings.Contains(err.Error(), `no partition of relation "m" found for row`) {
		t.Errorf("copy of a row no partition accepts: %v", err)
	}
	res, err := s.Exec(ctx, "select tableoid::regclass || ':' || a from m order by a")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range res[0].Rows {
		got = append(got, *row[0])
	}
	if want := "m1:1 m1:9 m2:15"; strings.Join(got, " ") != want {
		t.Errorf("rows after COPY: %q, want %q", strings.Join(got, " "), want)
	}
}
