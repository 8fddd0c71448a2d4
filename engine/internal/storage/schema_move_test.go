package storage_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMoveTable(t *testing.T) {
	h := schemaFixture(t)
	tx := h.store.Begin()
	if err := tx.MoveTable("b", "only_b", "a"); err != nil {
		t.Fatal(err)
	}
	if err := tx.MoveTable("b", "t", "a"); err == nil {
		t.Error("MoveTable(b.t -> a) succeeded over an existing a.t")
	}
	if err := tx.MoveTable("b", "T", "nope"); err == nil {
		t.Error("MoveTable to a missing schema succeeded")
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	tx = h.store.Begin()
	names := func(s string) []string {
		n, err := tx.TableNames(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if diff := cmp.Diff([]string{"only_b", "t"}, names("a")); diff != "" {
		t.Errorf("schema a (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"T", "t"}, names("b")); diff != "" {
		t.Errorf("schema b (-want +got):\n%s", diff)
	}
	tx.Rollback()
	if _, err := h.autocommitIn([]string{"a"}, "select v from only_b"); err != nil {
		t.Errorf("moved table not readable in its new schema: %v", err)
	}
}
