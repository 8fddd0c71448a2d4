package postgrest

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase/engine"
)

const dbConfigFixture = `create table cfg_items (id int primary key);
insert into cfg_items values (1), (2), (3), (4), (5);
create schema api;
create table api.things (id int primary key);
insert into api.things values (7);
grant usage on schema api to anon, authenticator;
grant select on cfg_items, api.things to anon;`

// get fetches path from a running server as anon; json_agg's line breaks
// between elements are dropped from the body.
func get(t *testing.T, base, path string, hdr ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, strings.ReplaceAll(string(b), ", \n ", ",")
}

// In-database configuration on the engine: the authenticator role's
// pgrst.* settings are read at start and re-read on NOTIFY pgrst, 'reload
// config' (not before, not on other payloads), overriding the Go Config;
// IN DATABASE settings win; an invalid value keeps the configuration in
// use.
func TestEngineDBConfigReload(t *testing.T) {
	ctx := context.Background()
	e, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	admin, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	exec := func(sql string) {
		t.Helper()
		if _, err := admin.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(dbConfigFixture)
	exec(`alter role authenticator set pgrst.db_max_rows = '4'`)
	srv, err := New(Config{Executor: &EngineExecutor{Engine: e, User: "authenticator"}, JWTSecret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	steps := []struct {
		name, sql, path string
		hdr             []string
		want            string
	}{
		{"read at start", "", "/cfg_items?select=id", nil, `[{"id":1},{"id":2},{"id":3},{"id":4}]`},
		{"not re-read before NOTIFY", "alter role authenticator set pgrst.db_max_rows = '2'", "/cfg_items?select=id", nil, `[{"id":1},{"id":2},{"id":3},{"id":4}]`},
		{"nor on reload schema", "notify pgrst, 'reload schema'", "/cfg_items?select=id", nil, `[{"id":1},{"id":2},{"id":3},{"id":4}]`},
		{"reload config", "notify pgrst, 'reload config'", "/cfg_items?select=id", nil, `[{"id":1},{"id":2}]`},
		{"IN DATABASE wins", "alter role authenticator in database postgres set pgrst.db_max_rows = '3'; notify pgrst, 'reload config'", "/cfg_items?select=id", nil, `[{"id":1},{"id":2},{"id":3}]`},
		{"invalid value keeps the config", "alter role authenticator in database postgres set pgrst.db_max_rows = 'many'; notify pgrst, 'reload config'", "/cfg_items?select=id", nil, `[{"id":1},{"id":2},{"id":3}]`},
		{"schema not exposed yet", "alter role authenticator in database postgres reset pgrst.db_max_rows; notify pgrst, 'reload config'", "/things?select=id", []string{"Accept-Profile", "api"}, `{"code":"PGRST106","details":null,"hint":null,"message":"The schema must be one of the following: public"}`},
		{"db_schemas exposes api", "alter role authenticator set pgrst.db_schemas = 'public, api'; notify pgrst, 'reload config'", "/things?select=id", []string{"Accept-Profile", "api"}, `[{"id":7}]`},
		{"reset all falls back to the Go config", "alter role authenticator reset all; notify pgrst, 'reload config'", "/cfg_items?select=id", nil, `[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5}]`},
	}
	for _, st := range steps {
		if st.sql != "" {
			exec(st.sql)
		}
		_, body := get(t, ts.URL, st.path, st.hdr...)
		if diff := cmp.Diff(st.want, body); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", st.name, diff)
		}
	}
}

// The same against PostgreSQL through pgx: the connecting role's settings
// IN DATABASE of the scratch database (so other databases of the shared
// cluster are untouched), re-read on NOTIFY pgrst, 'reload config'.
func TestPgxDBConfigReload(t *testing.T) {
	if os.Getenv("TINYBASE_PG_URL") == "" {
		t.Skip("needs TINYBASE_PG_URL")
	}
	srv := pgServer(t, dbConfigFixture)
	px := srv.cfg.Executor.(*PgxExecutor)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go px.Listen(ctx)
	waitConfig := func(after uint64) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if px.ConfigVersion() > after {
				return
			}
		}
		t.Fatal("config version did not move")
	}
	waitConfig(0)
	var db string
	if err := px.Pool.QueryRow(ctx, "select current_database()").Scan(&db); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	if _, body := get(t, ts.URL, "/cfg_items?select=id"); body != `[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5}]` {
		t.Fatalf("before: %s", body)
	}
	if _, err := px.Pool.Exec(ctx, "alter role current_user in database "+pgx.Identifier{db}.Sanitize()+" set pgrst.db_max_rows = '2'"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = px.Pool.Exec(context.Background(), "alter role current_user in database "+pgx.Identifier{db}.Sanitize()+" reset all")
	})
	v := px.ConfigVersion()
	if _, err := px.Pool.Exec(ctx, "notify pgrst, 'reload config'"); err != nil {
		t.Fatal(err)
	}
	waitConfig(v)
	if _, body := get(t, ts.URL, "/cfg_items?select=id"); body != `[{"id":1},{"id":2}]` {
		t.Fatalf("after reload config: %s", body)
	}
}

func TestApplyDBConfig(t *testing.T) {
	base := &liveConfig{Schemas: []string{"public"}, ExtraSearchPath: []string{"public", "extensions"}, MaxRows: 10}
	for _, tc := range []struct {
		kv   map[string]string
		want *liveConfig
	}{
		{map[string]string{}, base},
		{map[string]string{"db_schemas": " api ,public", "db_max_rows": "", "db_aggregates_enabled": "true", "jwt_aud": "x"},
			&liveConfig{Schemas: []string{"api", "public"}, ExtraSearchPath: []string{"public", "extensions"}, AggregatesEnabled: true}},
		{map[string]string{"db_extra_search_path": "extensions"}, &liveConfig{Schemas: []string{"public"}, ExtraSearchPath: []string{"extensions"}, MaxRows: 10}},
		{map[string]string{"db_max_rows": "-1"}, nil},
		{map[string]string{"db_schemas": " , "}, nil},
		{map[string]string{"db_aggregates_enabled": "maybe"}, nil},
	} {
		got, ok := applyDBConfig(base, tc.kv)
		if ok != (tc.want != nil) {
			t.Errorf("%v: ok = %v", tc.kv, ok)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%v: (-want +got)\n%s", tc.kv, diff)
		}
	}
}
