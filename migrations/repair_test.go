package migrations_test

import (
	"context"
	"errors"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/migrations"
)

// A version marked applied is recorded as Apply records it (Up then sees
// neither a pending file nor drift) without running the file.
func TestRepair(t *testing.T) {
	ctx := context.Background()
	s, err := enginetest.New(t).Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	db := migrations.OnEngine(s)
	files := []migrations.File{
		{Version: "20240101000000", Name: "a", SQL: "create table a (id int);\ncreate index on a (id);"},
		{Version: "20240102000000", Name: "b", SQL: "create table b (id int);"},
	}
	var re *migrations.RepairError
	for _, bad := range [][]string{{"20240103000000"}, {"2024-01"}, {}} {
		if _, err := migrations.NewRepair(files, bad, migrations.RepairApplied); !errors.As(err, &re) {
			t.Errorf("NewRepair(%q): %v", bad, err)
		}
	}
	if _, err := migrations.NewRepair(files, []string{"20240101000000"}, "done"); !errors.As(err, &re) {
		t.Errorf("bad status: %v", err)
	}
	r, err := migrations.NewRepair(files, []string{"20240101000000"}, migrations.RepairApplied)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := db.Run(ctx, "select * from a"); err == nil {
		t.Error("repair ran the migration")
	}
	applied, err := migrations.Up(ctx, db, files, nil)
	if err != nil || len(applied) != 1 || applied[0].Name != "b" {
		t.Fatalf("up after repair: %v %v", applied, err)
	}
	// Reverting both in one transaction, then applying one already
	// recorded fails and leaves the history as it was.
	r, _ = migrations.NewRepair(files, []string{"20240101000000", "20240102000000"}, migrations.RepairReverted)
	if err := r.Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	r, _ = migrations.NewRepair(files, []string{"20240102000000"}, migrations.RepairApplied)
	if err := r.Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	r, _ = migrations.NewRepair(files, []string{"20240101000000", "20240102000000"}, migrations.RepairApplied)
	if err := r.Run(ctx, db); err == nil {
		t.Fatal("applying a recorded version succeeded")
	}
	h, err := migrations.History(ctx, db)
	if err != nil || len(h) != 1 || h[0].Version != "20240102000000" {
		t.Fatalf("history %+v %v", h, err)
	}
}

// With no version, repair rewrites the whole history from the local
// files: applied records exactly the files, reverted empties it.
func TestRepairAll(t *testing.T) {
	ctx := context.Background()
	s, err := enginetest.New(t).Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	db := migrations.OnEngine(s)
	files := []migrations.File{
		{Version: "20240101000000", Name: "a", SQL: "create table a (id int);"},
		{Version: "20240102000000", Name: "b", SQL: "create table b (id int);"},
	}
	// A history with a version no file has and a file it lacks.
	stale := []migrations.File{{Version: "20231231000000", Name: "gone", SQL: "select 1;"}, files[0]}
	if _, err := migrations.Up(ctx, db, stale, nil); err != nil {
		t.Fatal(err)
	}
	r, err := migrations.NewRepairAll(files, migrations.RepairApplied)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	h, err := migrations.History(ctx, db)
	if err != nil || len(h) != 2 || h[0].Version != files[0].Version || h[1].Version != files[1].Version {
		t.Fatalf("history after repair --status applied: %+v %v", h, err)
	}
	if pending, drift, _ := migrations.Pending(h, files); len(pending) != 0 || len(drift) != 0 {
		t.Errorf("after repair: pending %v drift %v", pending, drift)
	}
	if err := db.Run(ctx, "select * from b"); err == nil {
		t.Error("repair ran a migration")
	}
	r, _ = migrations.NewRepairAll(files, migrations.RepairReverted)
	if err := r.Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if h, err := migrations.History(ctx, db); err != nil || len(h) != 0 {
		t.Fatalf("history after repair --status reverted: %+v %v", h, err)
	}
	var re *migrations.RepairError
	if _, err := migrations.NewRepairAll(files, "done"); !errors.As(err, &re) {
		t.Errorf("bad status: %v", err)
	}
}
