package main_test

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpClient starts `tinybase mcp args...` in dir with env and connects
// the Go SDK's client to it over stdio.
func mcpClient(t *testing.T, dir string, env []string, args ...string) *sdk.ClientSession {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"mcp", "--dir", dir}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "cli-test", Version: "1"}, nil).Connect(context.Background(), &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func toolNames(t *testing.T, cs *sdk.ClientSession) []string {
	t.Helper()
	lt, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range lt.Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	return names
}

// callTool calls a tool and returns its text and isError.
func callTool(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) (string, bool) {
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

// TestMCP drives `tinybase mcp` over stdio with the Go SDK's client
// through every tool, next to a running `tinybase start` that receives
// the applied migration, then /mcp on start's API port, --read-only and
// --features.
func TestMCP(t *testing.T) {
	dir := newProject(t, map[string]string{
		"migrations/20240101000000_init.sql": "create table public.todos (id bigint generated always as identity primary key, title text not null);\ninsert into public.todos (title) values ('one');",
	})
	srv := startServer(t, dir, "--memory")
	dbURL, err := url.Parse(srv.status["DB URL"])
	if err != nil {
		t.Fatal(err)
	}
	api, _ := url.Parse(srv.status["API URL"])
	env := []string{"TINYBASE_DB_PORT=" + dbURL.Port(), "TINYBASE_PORT=" + api.Port()}
	cs := mcpClient(t, dir, env)

	if init := cs.InitializeResult(); init.ServerInfo.Name != "tinybase" || init.Instructions == "" {
		t.Fatalf("initialize: %+v", init)
	}
	want := []string{"apply_migration", "describe_table", "execute_sql", "generate_typescript_types", "get_advisors", "get_logs", "get_project_url", "get_publishable_keys",
		"list_extensions", "list_migrations", "list_tables", "restore", "snapshot", "test_rls", "validate_migration"}
	if got := toolNames(t, cs); !slices.Equal(got, want) {
		t.Fatalf("tools %v", got)
	}
	calls := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"list_tables", map[string]any{"verbose": true}, `"name":"public.todos"`},
		{"list_extensions", nil, `"name":"plpgsql"`},
		{"list_migrations", nil, `{"applied":true,"file":"supabase/migrations/20240101000000_init.sql","name":"init","version":"20240101000000"}`},
		{"validate_migration", map[string]any{"query": "alter table todos add column done boolean;"}, `"valid":true`},
		{"apply_migration", map[string]any{"name": "add_done", "query": "alter table todos add column done boolean not null default false;"}, `"running database at 127.0.0.1:` + dbURL.Port() + `"`},
		{"execute_sql", map[string]any{"query": "select title, done from todos"}, `[{\"title\":\"one\",\"done\":false}]`},
		{"describe_table", map[string]any{"table": "todos"}, `"name":"done","nullable":false,"type":"boolean"`},
		{"test_rls", map[string]any{"role": "anon", "query": "select count(*) as n from todos"}, `[{\"n\":1}]`},
		{"get_advisors", map[string]any{"type": "security"}, `"name":"rls_disabled_in_public"`},
		// the running instance logged the migration applied over the wire
		{"get_logs", map[string]any{"service": "postgres"}, `add column done`},
		{"generate_typescript_types", nil, `export type Database`},
		{"get_project_url", nil, `{"url":"http://127.0.0.1:` + api.Port() + `"}`},
		{"get_publishable_keys", nil, `"name":"service_role"`},
	}
	for _, c := range calls {
		text, isErr := callTool(t, cs, c.tool, c.args)
		if isErr || !strings.Contains(text, c.want) {
			t.Errorf("%s: isError=%v, want %s in\n%.2000s", c.tool, isErr, c.want, text)
		}
	}
	// The running database got the migration: its REST API serves the
	// new column.
	if got := srv.rest(t, "GET", "/rest/v1/todos?select=title,done", ""); got != `[{"title":"one","done":false}]` {
		t.Fatalf("running database: %s", got)
	}
	text, isErr := callTool(t, cs, "apply_migration", map[string]any{"name": "broken", "query": "alter table todos add column x int;\nselect * from nope;"})
	var e struct {
		Error struct {
			SQLState     string
			Line, Column int
		}
	}
	json.Unmarshal([]byte(text), &e)
	if !isErr || e.Error.SQLState != "42P01" || e.Error.Line != 2 || e.Error.Column != 15 || len(migrationFiles(t, dir)) != 2 {
		t.Fatalf("broken migration: %s, files %v", text, migrationFiles(t, dir))
	}

	t.Run("http", func(t *testing.T) {
		hs, err := sdk.NewClient(&sdk.Implementation{Name: "http-test", Version: "1"}, nil).Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: srv.status["API URL"] + "/mcp"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer hs.Close()
		if got := toolNames(t, hs); !slices.Equal(got, want) {
			t.Fatalf("tools over HTTP %v", got)
		}
		text, isErr := callTool(t, hs, "execute_sql", map[string]any{"query": "select title, done from todos"})
		if isErr || !strings.Contains(text, `[{\"title\":\"one\",\"done\":false}]`) {
			t.Fatalf("execute_sql over HTTP: %s", text)
		}
		text, isErr = callTool(t, hs, "list_migrations", nil)
		if isErr || !strings.Contains(text, `"name":"add_done"`) {
			t.Fatalf("list_migrations over HTTP: %s", text)
		}
	})

	t.Run("read-only", func(t *testing.T) {
		ro := mcpClient(t, dir, env, "--read-only")
		// apply_migration and restore write: a read-only server has neither
		if got := toolNames(t, ro); slices.Contains(got, "apply_migration") || slices.Contains(got, "restore") || len(got) != len(want)-2 {
			t.Fatalf("read-only tools %v", got)
		}
		text, isErr := callTool(t, ro, "execute_sql", map[string]any{"query": "delete from todos"})
		if !isErr || !strings.Contains(text, `"sqlstate":"25006"`) {
			t.Fatalf("delete in read-only mode: %s", text)
		}
	})

	t.Run("features", func(t *testing.T) {
		dev := mcpClient(t, dir, env, "--features", "development")
		if got := toolNames(t, dev); !slices.Equal(got, []string{"generate_typescript_types", "get_project_url", "get_publishable_keys"}) {
			t.Fatalf("development tools %v", got)
		}
		if r := tinybase(t, dir, "", "mcp", "--features", "database,billing"); r.code != 2 || !strings.Contains(r.stderr, `unknown feature group "billing"`) {
			t.Fatalf("unknown feature: %+v", r)
		}
	})
}
