package postgrest

import (
	"context"
	"encoding/base64"
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
	"github.com/tinybase/tinybase/engine/enginetest"
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
	e := enginetest.New(t)
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
	secret := "an-in-database-secret-of-at-least-32-chars"
	base := &liveConfig{Schemas: []string{"public"}, ExtraSearchPath: []string{"public", "extensions"}, MaxRows: 10, AnonRole: "anon",
		JWTSecret: []byte(testSecret), TxEnd: "commit-allow-override"}
	with := func(f func(c *liveConfig)) *liveConfig {
		c := *base
		f(&c)
		return &c
	}
	for _, tc := range []struct {
		name string
		kv   map[string]string
		want *liveConfig // nil: the settings are refused
	}{
		{"none", map[string]string{}, base},
		{"lists, max rows, aggregates", map[string]string{"db_schemas": " api ,public", "db_max_rows": "", "db_aggregates_enabled": "true"},
			with(func(c *liveConfig) { c.Schemas, c.MaxRows, c.AggregatesEnabled = []string{"api", "public"}, 0, true })},
		{"extra search path", map[string]string{"db_extra_search_path": "extensions"}, with(func(c *liveConfig) { c.ExtraSearchPath = []string{"extensions"} })},
		{"negative max rows", map[string]string{"db_max_rows": "-1"}, nil},
		{"empty schemas", map[string]string{"db_schemas": " , "}, nil},
		{"bad boolean", map[string]string{"db_aggregates_enabled": "maybe"}, nil},
		{"anon role, pre-request, tx end", map[string]string{"db_anon_role": "web_anon", "db_pre_request": "public.check", "db_tx_end": "rollback"},
			with(func(c *liveConfig) { c.AnonRole, c.PreRequest, c.TxEnd = "web_anon", "public.check", "rollback" })},
		{"bad tx end", map[string]string{"db_tx_end": "sometimes"}, nil},
		{"jwt secret, audience, role claim", map[string]string{"jwt_secret": secret, "jwt_aud": "my-app", "jwt_role_claim_key": `.app_metadata."db role"`},
			with(func(c *liveConfig) {
				c.JWTSecret, c.JWTAud, c.RoleClaim = []byte(secret), "my-app", []claimStep{{key: "app_metadata"}, {key: "db role"}}
			})},
		{"base64 secret", map[string]string{"jwt_secret": base64.StdEncoding.EncodeToString([]byte(secret)), "jwt_secret_is_base64": "on"},
			with(func(c *liveConfig) { c.JWTSecret = []byte(secret) })},
		{"short secret", map[string]string{"jwt_secret": "too-short"}, nil},
		{"bad base64", map[string]string{"jwt_secret": "%%%", "jwt_secret_is_base64": "true"}, nil},
		{"bad role claim key", map[string]string{"jwt_role_claim_key": "role"}, nil},
		{"openapi disabled", map[string]string{"openapi_mode": "disabled"}, with(func(c *liveConfig) { c.OpenAPIDisabled = true })},
		{"plan enabled", map[string]string{"db_plan_enabled": "true"}, with(func(c *liveConfig) { c.PlanEnabled = true })},
		{"bad plan enabled", map[string]string{"db_plan_enabled": "maybe"}, nil},
		{"keys without a feature here are ignored", map[string]string{"server_timing_enabled": "true", "db_prepared_statements": "false"}, base},
	} {
		got, ok := applyDBConfig(base, tc.kv)
		if ok != (tc.want != nil) {
			t.Errorf("%s: ok = %v", tc.name, ok)
			continue
		}
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(claimStep{})); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tc.name, diff)
		}
	}
}

func TestParseRoleClaimKey(t *testing.T) {
	claims := map[string]any{"role": "authenticated", "app_metadata": map[string]any{"role": "admin", "roles": []any{"editor", "viewer"}},
		"https://example.com/role": "partner"}
	for _, tc := range []struct {
		key, want string
		ok        bool
	}{
		{".role", "authenticated", true},
		{".app_metadata.role", "admin", true},
		{".app_metadata.roles[1]", "viewer", true},
		{`."https://example.com/role"`, "partner", true},
		{".app_metadata.missing", "", false},
		{".app_metadata.roles[5]", "", false},
	} {
		steps, err := parseRoleClaimKey(tc.key)
		if err != nil {
			t.Errorf("%s: %v", tc.key, err)
			continue
		}
		got, ok := roleClaim(claims, steps)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: got %q, %v; want %q, %v", tc.key, got, ok, tc.want, tc.ok)
		}
	}
	for _, bad := range []string{"", "role", ".", `."open`, ".a[x]", ".a[?(@ == 1)]"} {
		if _, err := parseRoleClaimKey(bad); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}
