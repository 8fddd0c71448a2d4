package migrations_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/migrations"
)

// Up reads the history table before creating it: a database without the
// table, or without its schema, gets both and every file; one with the
// history gets only the new files.
func TestUpCreatesHistory(t *testing.T) {
	files := []migrations.File{
		{Version: "20240101000000", Name: "a", SQL: "create table a (id int);"},
		{Version: "20240102000000", Name: "b", SQL: "create table b (id int);"},
	}
	for _, tc := range []struct {
		name  string
		setup []string
	}{
		{"no schema", []string{"drop schema if exists supabase_migrations cascade"}},
		{"no table", []string{"create schema if not exists supabase_migrations", "drop table if exists supabase_migrations.schema_migrations"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			s, err := enginetest.New(t).Connect(engine.SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			db := migrations.OnEngine(s)
			for _, q := range tc.setup {
				if err := db.Run(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			if h, err := migrations.History(ctx, db); err != nil || len(h) != 0 {
				t.Fatalf("history before Up: %v %v", h, err)
			}
			applied, err := migrations.Up(ctx, db, files[:1], nil)
			if err != nil || len(applied) != 1 {
				t.Fatalf("first Up: %v %v", applied, err)
			}
			applied, err = migrations.Up(ctx, db, files, nil)
			if err != nil || len(applied) != 1 || applied[0].Name != "b" {
				t.Fatalf("second Up: %v %v", applied, err)
			}
			if h, err := migrations.History(ctx, db); err != nil || len(h) != 2 {
				t.Fatalf("history after Up: %v %v", h, err)
			}
		})
	}
}
