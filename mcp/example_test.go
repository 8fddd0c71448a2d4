package mcp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tinybase/tinybase"
)

// An agent loop written in Go calls the tools in-process: no server, no
// transport. A broken migration comes back as PostgreSQL's error with its
// line and column, and no file is written; a good one is written and
// applied.
func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "tinybase-mcp-example")
	defer os.RemoveAll(dir)
	os.MkdirAll(filepath.Join(dir, "supabase", "migrations"), 0o755)
	os.WriteFile(filepath.Join(dir, "supabase", "migrations", "20240101000000_todos.sql"),
		[]byte("create table public.todos (id bigint primary key, title text not null);"), 0o644)

	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	tools, _ := p.MCPTools("http://127.0.0.1:54321")

	_, err = tools.ApplyMigration(ctx, "add_due", "alter table public.todos add column due date;\nupdate public.todos set due = due_at;")
	fmt.Println(err)
	res, _ := tools.ApplyMigration(ctx, "add_done", "alter table public.todos add column done boolean not null default false;")
	fmt.Println(res.Success, filepath.Base(res.File) == res.Version+"_add_done.sql")

	out, _ := tools.ExecuteSQL(ctx, "insert into public.todos values (1, 'ship it') returning id, title, done")
	fmt.Println(out.Rows[0].Get("title"), out.Rows[0].Get("done"))

	tables, _ := tools.ListTables(ctx, nil, false)
	fmt.Println(tables.Tables[0].Name, tables.Advisory.ID)
	// Output:
	// {"error":{"sqlstate":"42703","message":"column \"due_at\" does not exist","hint":"Perhaps you meant to reference the column \"todos.due\".","statement":"update public.todos set due = due_at","position":77,"line":2,"column":31,"outcome":"candidate_failed","written":false}}
	// true true
	// ship it false
	// public.todos rls_disabled
}
