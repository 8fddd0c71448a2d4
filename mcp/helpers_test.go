package mcp_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/mcp"
)

// schema is the test project's one migration: a table with RLS and
// policies (profiles, notes), one without (todos), seed rows.
const schema = `create table public.profiles (
  id uuid primary key,
  name text not null
);
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null references public.profiles(id),
  body text not null default ''
);
alter table public.notes enable row level security;
create policy "own notes" on public.notes for select to authenticated using (owner = auth.uid());
create policy "insert own" on public.notes for insert to authenticated with check (owner = auth.uid());
create table public.todos (
  id serial primary key,
  title text not null
);
insert into public.profiles values ('11111111-1111-1111-1111-111111111111', 'ann'), ('22222222-2222-2222-2222-222222222222', 'bob');
insert into public.notes (owner, body) values ('11111111-1111-1111-1111-111111111111', 'ann''s'), ('22222222-2222-2222-2222-222222222222', 'bob''s');
insert into public.todos (title) values ('one'), ('two'), ('three');
`

// newProject writes a project with the given migration files and opens
// it in memory.
func newProject(t testing.TB, files map[string]string) (string, *tinybase.Project) {
	t.Helper()
	dir := t.TempDir()
	mdir := filepath.Join(dir, "supabase", "migrations")
	if err := os.MkdirAll(mdir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, sql := range files {
		if err := os.WriteFile(filepath.Join(mdir, name), []byte(sql), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := tinybase.Open(context.Background(), tinybase.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return dir, p
}

// newTools opens the standard test project and returns its tools, with
// tweak applied to the config.
func newTools(t testing.TB, tweak func(*mcp.Config)) (string, *tinybase.Project, *mcp.Tools) {
	t.Helper()
	dir, p := newProject(t, map[string]string{"20240101000000_init.sql": schema})
	cfg, err := p.MCPConfig("http://127.0.0.1:54321")
	if err != nil {
		t.Fatal(err)
	}
	if tweak != nil {
		tweak(&cfg)
	}
	return dir, p, mcp.New(cfg)
}

// connect runs tools' MCP server on in-memory transports and returns a
// client session with the Go SDK's client.
func connect(t testing.TB, tools *mcp.Tools, opts mcp.ServerOptions) *sdk.ClientSession {
	t.Helper()
	srv, err := mcp.NewServer(tools, opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// call calls a tool; the result's text content is returned with isError.
func call(t testing.TB, cs *sdk.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// callOK calls a tool that must succeed and decodes its JSON result.
func callOK(t testing.TB, cs *sdk.ClientSession, name string, args any, out any) string {
	t.Helper()
	text, isErr := call(t, cs, name, args)
	if isErr {
		t.Fatalf("%s(%v) failed: %s", name, args, text)
	}
	if out != nil {
		if err := json.Unmarshal([]byte(text), out); err != nil {
			t.Fatalf("%s: result is not JSON: %v\n%s", name, err, text)
		}
	}
	return text
}

// toolError decodes an isError result's {"error": {...}}.
func toolError(t testing.TB, text string) mcp.Error {
	t.Helper()
	var e struct{ Error mcp.Error }
	if err := json.Unmarshal([]byte(text), &e); err != nil {
		t.Fatalf("error result is not JSON: %v\n%s", err, text)
	}
	return e.Error
}

// boundaryData returns the JSON between the untrusted-data tags of an
// execute_sql result, checking the tags open and close with one UUID.
func boundaryData(t testing.TB, result string) string {
	t.Helper()
	open := strings.Index(result, "\n<untrusted-data-")
	if open < 0 {
		t.Fatalf("no opening boundary tag in %q", result)
	}
	rest := result[open+1:]
	end := strings.Index(rest, ">\n")
	tag := rest[1:end]
	closing := "\n</" + tag + ">"
	ci := strings.Index(rest, closing)
	if ci < 0 {
		t.Fatalf("boundary %s is not closed in %q", tag, result)
	}
	if len(tag) != len("untrusted-data-")+36 {
		t.Fatalf("boundary tag %q is not untrusted-data-<uuid>", tag)
	}
	return rest[end+2 : ci]
}

// sqlRows runs execute_sql and returns the decoded rows.
func sqlRows(t testing.TB, cs *sdk.ClientSession, query string) []map[string]any {
	t.Helper()
	var out struct{ Result string }
	callOK(t, cs, "execute_sql", map[string]any{"query": query}, &out)
	var rows []map[string]any
	if err := json.Unmarshal([]byte(boundaryData(t, out.Result)), &rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

func migrationFiles(t testing.TB, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(dir, "supabase", "migrations"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}
