package tinybase_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/migrations"
)

// The Supabase CLI's well-known local keys (README.md, Configuration).
const (
	wellKnownAnon        = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0"
	wellKnownServiceRole = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU"
)

func TestKeys(t *testing.T) {
	k, err := tinybase.MintKeys(tinybase.DefaultJWTSecret)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(tinybase.Keys{Anon: wellKnownAnon, ServiceRole: wellKnownServiceRole}, k); diff != "" {
		t.Fatalf("keys differ from the Supabase CLI's (-want +got):\n%s", diff)
	}
	other, _ := tinybase.MintKeys("another-secret-of-at-least-32-characters")
	if other.Anon == k.Anon {
		t.Fatal("the secret does not change the key")
	}
}

func TestLoadConfig(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "supabase"), 0o755); err != nil {
		t.Fatal(err)
	}
	toml := `project_id = "x"
[api]
port = 6000
schemas = ["public", "api"]
max_rows = 50
[db]
port = 6001
[auth]
jwt_expiry = 600
[auth.email]
enable_confirmations = false
`
	if err := os.WriteFile(tinybase.ConfigPath(dir), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"TINYBASE_DB_PORT": "7001", "TINYBASE_EXTRA_SEARCH_PATH": "public, extensions ,x"}
	cfg, err := tinybase.LoadConfig(dir, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := tinybase.DefaultConfig(dir)
	want.APIPort, want.DBPort, want.Schemas, want.MaxRows, want.JWTExpiry = 6000, 7001, []string{"public", "api"}, 50, 600
	want.ExtraSearchPath = []string{"public", "extensions", "x"}
	want.Studio = true // no [studio] enabled: on, as the Supabase CLI has it
	want.Raw = []byte(toml)
	if diff := cmp.Diff(want, cfg); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	for name, e := range map[string]map[string]string{
		"bad int":      {"TINYBASE_PORT": "eighty"},
		"short secret": {"TINYBASE_JWT_SECRET": "short"},
		"bad port":     {"TINYBASE_PORT": "70000"},
	} {
		if _, err := tinybase.LoadConfig(dir, func(k string) string { return e[k] }); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := os.WriteFile(tinybase.ConfigPath(dir), []byte("[api\nport="), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := tinybase.LoadConfig(dir, func(string) string { return "" }); err == nil {
		t.Error("accepted a broken config.toml")
	}
}

func project(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, "supabase", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestOpenValidateUp(t *testing.T) {
	ctx := context.Background()
	dir := project(t, map[string]string{
		"migrations/20240101000000_todos.sql": "create table public.todos (id bigint primary key, title text not null);",
		"seed.sql":                            "insert into public.todos values (1, 'seeded');",
	})
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Seeded || len(p.Migrations) != 1 {
		t.Fatalf("seeded=%v migrations=%d", p.Seeded, len(p.Migrations))
	}
	s, err := p.Session(ctx, "authenticated", map[string]any{"sub": "b3c1", "role": "authenticated", "aal": 1})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Exec(ctx, "select title, current_setting('request.jwt.claim.sub'), current_setting('request.jwt.claims')::jsonb ->> 'aal' from public.todos")
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	if got := [3]string{*res[0].Rows[0][0], *res[0].Rows[0][1], *res[0].Rows[0][2]}; got != [3]string{"seeded", "b3c1", "1"} {
		t.Fatalf("got %v", got)
	}

	v, err := p.Validate(ctx, "alter table public.todos add column done boolean;", false)
	if err != nil || !v.OK {
		t.Fatalf("%v %+v", err, v)
	}
	v, err = p.Validate(ctx, "select nope from public.todos;", false)
	if err != nil || v.OK || v.Problem.SQLState != "42703" {
		t.Fatalf("%v %+v", err, v)
	}

	// A new file is applied by Up; an edited applied file is drift.
	next := filepath.Join(dir, "supabase/migrations/20240102000000_done.sql")
	if err := os.WriteFile(next, []byte("alter table public.todos add column done boolean not null default false;"), 0o644); err != nil {
		t.Fatal(err)
	}
	applied, err := p.Up(ctx)
	if err != nil || len(applied) != 1 {
		t.Fatalf("up: %v %v", applied, err)
	}
	if err := os.WriteFile(next, []byte("select 1;"), 0o644); err != nil {
		t.Fatal(err)
	}
	var drift *migrations.DriftError
	if _, err := p.Up(ctx); !errors.As(err, &drift) || drift.Drifts[0].Kind != migrations.DriftChanged {
		t.Fatalf("got %v, want drift", err)
	}
}

func TestSeedPaths(t *testing.T) {
	ctx := context.Background()
	dir := project(t, map[string]string{
		"migrations/20240101000000_t.sql": "create table public.t (v text);",
		"seeds/b.sql":                     "insert into public.t values ('b');",
		"seeds/a.sql":                     "insert into public.t values ('a');",
		"seed.sql":                        "insert into public.t values ('default');",
		"config.toml":                     "[db.seed]\nsql_paths = ['./seeds/*.sql', './seeds/a.sql', './missing.sql']\n",
	})
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := p.Session(ctx, "", nil)
	defer s.Close()
	res, err := s.Exec(ctx, "select string_agg(v, ',' order by v) from public.t")
	if err != nil || *res[0].Rows[0][0] != "a,b" {
		t.Fatalf("%v %v", res, err)
	}
	os.WriteFile(tinybase.ConfigPath(dir), []byte("[db.seed]\nenabled = false\n"), 0o644)
	p, err = tinybase.Open(ctx, tinybase.Options{Dir: dir})
	if err != nil || p.Seeded {
		t.Fatalf("seeded with [db.seed] enabled = false: %v", err)
	}
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	var fe *migrations.FileError
	dir := project(t, map[string]string{"migrations/20240101000000_bad.sql": "create table x (id int);\ncreate table x (id int);"})
	if _, err := tinybase.Open(ctx, tinybase.Options{Dir: dir}); !errors.As(err, &fe) || fe.Seed || fe.Problem.Line != 2 {
		t.Fatalf("got %v", err)
	}
	dir = project(t, map[string]string{"seed.sql": "insert into nope values (1);"})
	if _, err := tinybase.Open(ctx, tinybase.Options{Dir: dir}); !errors.As(err, &fe) || !fe.Seed {
		t.Fatalf("got %v", err)
	}
	dir = project(t, map[string]string{"migrations/20240101000000_a.sql": "", "migrations/20240101000000_b.sql": ""})
	var dup *migrations.DuplicateVersionError
	if _, err := tinybase.Open(ctx, tinybase.Options{Dir: dir}); !errors.As(err, &dup) {
		t.Fatalf("got %v", err)
	}
	// No supabase/ at all is an empty project.
	if p, err := tinybase.Open(ctx, tinybase.Options{Dir: t.TempDir()}); err != nil || len(p.Migrations) != 0 {
		t.Fatalf("empty project: %v", err)
	}
}

func TestServe(t *testing.T) {
	ctx := context.Background()
	cfg := tinybase.DefaultConfig("")
	cfg.APIPort, cfg.DBPort, cfg.InboxPort = 0, 0, 0
	dir := project(t, map[string]string{
		"migrations/20240101000000_todos.sql": "create table public.todos (id bigint primary key, title text not null);",
		"seed.sql":                            "insert into public.todos values (1, 'seeded');",
	})
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(ctx)
	if srv.Keys().Anon != wellKnownAnon {
		t.Fatal("server keys differ from the well-known ones")
	}
	req, _ := http.NewRequest(http.MethodOptions, srv.APIURL()+"/rest/v1/todos", nil)
	req.Header.Set("Origin", "http://localhost:3000")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "apikey, authorization, content-type, prefer")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Access-Control-Allow-Origin") != "*" || resp.Header.Get("Access-Control-Allow-Headers") == "" {
		t.Fatalf("CORS preflight: %d %v", resp.StatusCode, resp.Header)
	}
	for path, want := range map[string]string{
		"/rest/v1/todos?select=title": `[{"title":"seeded"}]`,
		"/auth/v1/health":             `"name":"GoTrue"`,
	} {
		req, _ := http.NewRequest(http.MethodGet, srv.APIURL()+path, nil)
		req.Header.Set("apikey", wellKnownAnon)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET %s: %d %s", path, resp.StatusCode, body)
		}
	}
	conn, err := pgx.Connect(ctx, srv.DBURL())
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := conn.QueryRow(ctx, "select count(*) from supabase_migrations.schema_migrations").Scan(&n); err != nil || n != 1 {
		t.Fatalf("over the wire: %d %v", n, err)
	}
	conn.Close(ctx)
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(srv.APIURL()); err == nil {
		t.Fatal("still serving after Shutdown")
	}
}

// BenchmarkOpenServe25 is `tinybase start` without the process: open the
// 25-migration sample project (migrations and seed) and start both
// servers on ephemeral ports.
func BenchmarkOpenServe25(b *testing.B) {
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		cfg, err := tinybase.LoadConfig("testdata/projects/realistic25", func(string) string { return "" })
		if err != nil {
			b.Fatal(err)
		}
		cfg.APIPort, cfg.DBPort, cfg.StudioPort, cfg.InboxPort = 0, 0, 0, 0
		p, err := tinybase.Open(ctx, tinybase.Options{Dir: "testdata/projects/realistic25", Config: &cfg})
		if err != nil {
			b.Fatal(err)
		}
		srv, err := p.Serve(ctx)
		if err != nil {
			b.Fatal(err)
		}
		srv.Shutdown(ctx)
	}
}

// TestVaultSecrets: [db.vault] secrets, and the two an edge-function
// webhook reads, are in the vault before the first migration runs.
func TestVaultSecrets(t *testing.T) {
	ctx := context.Background()
	t.Setenv("TB_TEST_VAULT", "from-env")
	dir := project(t, map[string]string{
		"migrations/20240101000000_t.sql": "create table public.t as select name, decrypted_secret from vault.decrypted_secrets;",
		"config.toml":                     "[db.vault]\napp_key = \"env(TB_TEST_VAULT)\"\nplain = \"it's\"\nsupabase_functions_url = \"http://fns.local/v1\"\n",
	})
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := p.Session(ctx, "", nil)
	defer s.Close()
	res, err := s.Exec(ctx, "select string_agg(name || '=' || decrypted_secret, ' ' order by name) from public.t where name <> 'supabase_service_role_key'")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := *res[0].Rows[0][0], "app_key=from-env plain=it's supabase_functions_url=http://fns.local/v1"; got != want {
		t.Errorf("vault before the migrations = %q, want %q", got, want)
	}
	keys, err := tinybase.MintKeys(p.Config.JWTSecret)
	if err != nil {
		t.Fatal(err)
	}
	res, err = s.Exec(ctx, "select decrypted_secret from public.t where name = 'supabase_service_role_key'")
	if err != nil || len(res[0].Rows) != 1 || *res[0].Rows[0][0] != keys.ServiceRole {
		t.Errorf("service role key secret: %v %v", res, err)
	}
}
