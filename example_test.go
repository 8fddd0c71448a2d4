package tinybase_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tinybase/tinybase"
)

// Open a project, validate two candidate migrations against it, and read
// through a session with JWT claims.
func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "tinybase-example")
	defer os.RemoveAll(dir)
	os.MkdirAll(filepath.Join(dir, "supabase", "migrations"), 0o755)
	os.WriteFile(filepath.Join(dir, "supabase", "migrations", "20240101000000_todos.sql"),
		[]byte("create table public.todos (id bigint primary key, title text not null);"), 0o644)
	os.WriteFile(filepath.Join(dir, "supabase", "seed.sql"), []byte("insert into public.todos values (1, 'write docs');"), 0o644)

	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := p.Validate(ctx, "alter table public.todos add column done boolean not null default false;", false)
	fmt.Println(res.OK)
	res, _ = p.Validate(ctx, "update public.todos set title = due_at;", false)
	fmt.Println(res.Problem.String())

	s, _ := p.Session(ctx, "authenticated", map[string]any{"sub": "8d0fd2b3-9ca7-4e9c-a0d5-0e1d5a3d2f43"})
	defer s.Close()
	rows, _ := s.Exec(ctx, "select title, current_setting('request.jwt.claim.sub') from public.todos")
	fmt.Println(*rows[0].Rows[0][0], *rows[0].Rows[0][1])
	// Output:
	// true
	// ERROR: column "due_at" does not exist (SQLSTATE 42703) at line 1, column 33
	// write docs 8d0fd2b3-9ca7-4e9c-a0d5-0e1d5a3d2f43
}
