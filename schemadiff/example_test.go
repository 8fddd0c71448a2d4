package schemadiff_test

import (
	"context"
	"fmt"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
	"github.com/tinybase/tinybase/schemadiff"
)

// Two databases' schemas, read through their catalogs, and the migration
// that turns the first into the second.
func ExampleDiff() {
	ctx := context.Background()
	read := func(sql string) *schemadiff.Schema {
		e, _ := engine.Open(engine.Options{})
		defer e.Close()
		s, _ := e.Connect(engine.SessionOptions{})
		defer s.Close()
		if _, err := s.Exec(ctx, sql); err != nil {
			panic(err)
		}
		sc, err := schemadiff.Inspect(ctx, migrations.OnEngine(s), schemadiff.Filter{})
		if err != nil {
			panic(err)
		}
		return sc
	}
	from := read("create table public.todos (id bigint primary key, title text)")
	to := read("create table public.todos (id bigint primary key, title text not null, done boolean default false)")
	fmt.Print(schemadiff.Format(schemadiff.Diff(from, to)))
	// Output:
	// ALTER TABLE public.todos ALTER COLUMN title SET NOT NULL;
	//
	// ALTER TABLE public.todos ADD COLUMN done boolean DEFAULT false;
}
