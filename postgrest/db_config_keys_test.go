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

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

const dbConfigKeysFixture = `create table cfg_notes (id int primary key, body text);
insert into cfg_notes values (1, 'kept');
grant select, insert on cfg_notes to anon, authenticated, cfg7_web;
create function public.whoami() returns text language sql stable as $$ select current_user || ':' || current_setting('statement_timeout') || ':' || coalesce(nullif(current_setting('my.setting', true), ''), '-') $$;
create function public.app() returns text language sql stable as $$ select current_setting('application_name') $$;
create function public.check_request() returns void language plpgsql as $$
begin
  if current_setting('request.headers', true)::json->>'x-blocked' = 'yes' then
    raise sqlstate 'PT403' using message = 'blocked by db-pre-request';
  end if;
end $$;
create function public.spin() returns int language plpgsql as $$
declare i int := 0;
begin
  loop
    i := i + 1;
    exit when clock_timestamp() > now() + interval '2 seconds';
  end loop;
  return i;
end $$;
grant execute on function public.whoami(), public.app(), public.check_request(), public.spin() to anon, authenticated, cfg7_web;`

// engineConfigServer opens an engine with the fixture and a server whose
// sessions run as the authenticator, as tinybase start runs it.
func engineConfigServer(t *testing.T, fixture string) (*httptest.Server, func(string)) {
	t.Helper()
	ctx := context.Background()
	e := enginetest.New(t)
	admin, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(admin.Close)
	exec := func(sql string) {
		t.Helper()
		if _, err := admin.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec("create role cfg7_web nologin; grant cfg7_web to authenticator; grant usage on schema public to cfg7_web")
	exec(fixture)
	x := &EngineExecutor{Engine: e, User: "authenticator"}
	srv, err := New(Config{Executor: x, JWTSecret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		ts.Close()
		srv.Close()
	})
	return ts, exec
}

func fetch(t *testing.T, method, url, body string, hdr ...string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
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
	return res.StatusCode, strings.ReplaceAll(string(b), ", \n ", ","), res.Header
}

// The in-database keys beyond the four read since the last round, each
// set on the authenticator and applied on NOTIFY pgrst, 'reload config',
// plus the settings of the roles requests run as.
func TestEngineDBConfigKeys(t *testing.T) {
	ts, exec := engineConfigServer(t, dbConfigKeysFixture)
	far := time.Now().Add(time.Hour).Unix()
	token := func(secret string, claims jwt.MapClaims) string {
		claims["exp"] = far
		return "Bearer " + sign(t, claims, secret)
	}
	newSecret := "an-in-database-secret-of-at-least-32-chars"
	steps := []struct {
		name, sql          string
		method, path, body string
		hdr                []string
		wantStatus         int
		wantBody           string
	}{
		{"anon at start", "", "POST", "/rpc/whoami", "", nil, 200, `"anon:0:-"`},
		{"db_anon_role", "alter role authenticator set pgrst.db_anon_role = 'cfg7_web'", "POST", "/rpc/whoami", "", nil, 200, `"cfg7_web:0:-"`},
		{"role settings: a user parameter applies, lower-cased; a placeholder does not",
			"alter role cfg7_web set statement_timeout = '1s'; alter role cfg7_web set my.setting = 'x'; alter role cfg7_web set application_name = 'MyApp'", "POST", "/rpc/whoami", "", nil, 200, `"cfg7_web:1s:-"`},
		{"role settings: values are lower-cased", "", "POST", "/rpc/app", "", nil, 200, `"myapp"`},
		{"role settings of the JWT's role", "alter role authenticated set statement_timeout = '250ms'", "POST", "/rpc/whoami", "",
			[]string{"Authorization", token(testSecret, jwt.MapClaims{"role": "authenticated"})}, 200, `"authenticated:250ms:-"`},
		{"statement_timeout from the role stops the request", "alter role authenticated set statement_timeout = '100ms'", "POST", "/rpc/spin", "",
			[]string{"Authorization", token(testSecret, jwt.MapClaims{"role": "authenticated"})}, 500, `{"code":"57014","details":null,"hint":null,"message":"canceling statement due to statement timeout"}`},
		{"db_pre_request passes", "alter role authenticator set pgrst.db_pre_request = 'public.check_request'", "GET", "/cfg_notes?select=body", "", nil, 200, `[{"body":"kept"}]`},
		{"db_pre_request raises", "", "GET", "/cfg_notes?select=body", "", []string{"X-Blocked", "yes"}, 403, `{"code":"PT403","details":null,"hint":null,"message":"blocked by db-pre-request"}`},
		{"jwt_secret: the old secret fails", "alter role authenticator set pgrst.jwt_secret = '" + newSecret + "'", "POST", "/rpc/whoami", "",
			[]string{"Authorization", token(testSecret, jwt.MapClaims{"role": "authenticated"})}, 401, `{"code":"PGRST301","details":null,"hint":null,"message":"No suitable key or wrong key type"}`},
		{"jwt_secret: the new one verifies", "", "POST", "/rpc/whoami", "",
			[]string{"Authorization", token(newSecret, jwt.MapClaims{"role": "authenticated"})}, 200, `"authenticated:100ms:-"`},
		{"jwt_aud rejects another audience", "alter role authenticator set pgrst.jwt_aud = 'my-app'", "POST", "/rpc/whoami", "",
			[]string{"Authorization", token(newSecret, jwt.MapClaims{"role": "authenticated", "aud": "other"})}, 401, `{"code":"PGRST303","details":null,"hint":null,"message":"JWT not in audience"}`},
		{"jwt_aud accepts its audience", "", "POST", "/rpc/whoami", "",
			[]string{"Authorization", token(newSecret, jwt.MapClaims{"role": "authenticated", "aud": []string{"x", "my-app"}})}, 200, `"authenticated:100ms:-"`},
		{"jwt_role_claim_key", "alter role authenticator set pgrst.jwt_role_claim_key = '.app_metadata.role'", "POST", "/rpc/whoami", "",
			[]string{"Authorization", token(newSecret, jwt.MapClaims{"role": "authenticated", "app_metadata": map[string]any{"role": "cfg7_web"}})}, 200, `"cfg7_web:1s:-"`},
		{"db_tx_end rollback: the insert answers but is not kept", "alter role authenticator set pgrst.db_tx_end = 'rollback'", "POST", "/cfg_notes", `{"id":2,"body":"gone"}`,
			[]string{"Prefer", "return=representation, tx=commit"}, 201, `[{"id":2,"body":"gone"}]`},
		{"db_tx_end rollback: nothing kept", "", "GET", "/cfg_notes?select=id", "", nil, 200, `[{"id":1}]`},
		{"openapi_mode disabled", "alter role authenticator set pgrst.openapi_mode = 'disabled'", "GET", "/", "", nil, 404, `{"code":"PGRST126","details":null,"hint":null,"message":"Root endpoint metadata is disabled"}`},
		{"server_trace_header", "alter role authenticator set pgrst.server_trace_header = 'X-Request-Id'", "GET", "/cfg_notes?select=id", "",
			[]string{"X-Request-Id", "req-42"}, 200, `[{"id":1}] X-Request-Id: req-42`},
		{"reset all", "alter role authenticator reset all; alter role authenticated reset all", "POST", "/rpc/whoami", "", nil, 200, `"anon:0:-"`},
	}
	for _, st := range steps {
		if st.sql != "" {
			exec(st.sql + "; notify pgrst, 'reload config'")
		}
		status, body, header := fetch(t, st.method, ts.URL+st.path, st.body, st.hdr...)
		if strings.Contains(st.wantBody, " X-Request-Id: ") {
			body += " X-Request-Id: " + header.Get("X-Request-Id")
		}
		if status != st.wantStatus {
			t.Errorf("%s: status %d, want %d (%s)", st.name, status, st.wantStatus, body)
		}
		if diff := cmp.Diff(st.wantBody, body); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", st.name, diff)
		}
	}
}

// The same role settings and db-pre-request against PostgreSQL through
// pgx, as PostgREST runs them there: a role's statement_timeout applies to
// its requests, its custom placeholder does not (PostgreSQL lists no
// placeholder in pg_settings), and the pre-request function runs first.
// The role is this test's own (roles are cluster-wide); the settings are
// IN DATABASE of the scratch database.
func TestPgxRoleSettingsAndPreRequest(t *testing.T) {
	url := os.Getenv("TINYBASE_PG_URL")
	if url == "" {
		t.Skip("needs TINYBASE_PG_URL")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	const role = "view7_rs_web"
	_, _ = admin.Exec(ctx, "drop role if exists "+role)
	if _, err := admin.Exec(ctx, "create role "+role+" nologin; grant "+role+" to current_user"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // runs after the scratch database is dropped
		c, err := pgx.Connect(context.Background(), url)
		if err == nil {
			_, _ = c.Exec(context.Background(), "drop role if exists "+role)
			c.Close(context.Background())
		}
	})
	fixture := strings.ReplaceAll(dbConfigKeysFixture, "cfg7_web", role) + ";\ngrant usage on schema public to " + role
	srv := pgServer(t, fixture)
	px := srv.cfg.Executor.(*PgxExecutor)
	var db string
	if err := px.Pool.QueryRow(ctx, "select current_database()").Scan(&db); err != nil {
		t.Fatal(err)
	}
	in := " in database " + pgx.Identifier{db}.Sanitize()
	for _, sql := range []string{
		"alter role " + role + in + " set statement_timeout = '1s'",
		"alter role " + role + in + " set my.setting = 'x'",
		"alter role current_user" + in + " set pgrst.db_pre_request = 'public.check_request'",
	} {
		if _, err := px.Pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { _, _ = px.Pool.Exec(context.Background(), "alter role current_user"+in+" reset all") })
	// settings IN DATABASE are not in pg_roles.rolconfig, which PostgREST
	// reads for role settings: only the database-wide one applies
	if _, err := admin.Exec(ctx, "alter role "+role+" set statement_timeout = '2s'"); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	tok := "Bearer " + sign(t, jwt.MapClaims{"role": role, "exp": time.Now().Add(time.Hour).Unix()}, testSecret)
	for _, st := range []struct {
		name, path string
		hdr        []string
		status     int
		body       string
	}{
		{"role settings", "/rpc/whoami", []string{"Authorization", tok}, 200, `"` + role + `:2s:-"`},
		{"pre-request raises", "/rpc/whoami", []string{"Authorization", tok, "X-Blocked", "yes"}, 403, `{"code":"PT403","details":null,"hint":null,"message":"blocked by db-pre-request"}`},
	} {
		status, body, _ := fetch(t, "POST", ts.URL+st.path, "", st.hdr...)
		if status != st.status || body != st.body {
			t.Errorf("%s: %d %s, want %d %s", st.name, status, body, st.status, st.body)
		}
	}
}

// db-pre-config: the function's set_config('pgrst.…') values apply, below
// the authenticator's own pgrst.* settings.
func TestEngineDBPreConfig(t *testing.T) {
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
	exec(`create function public.pre_config() returns void language plpgsql as $$
begin
  perform set_config('pgrst.db_max_rows', '2', true);
end $$;
grant execute on function public.pre_config() to authenticator`)
	srv, err := New(Config{Executor: &EngineExecutor{Engine: e, User: "authenticator"}, JWTSecret: testSecret, PreConfig: "public.pre_config"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	defer srv.Close()
	for _, st := range []struct{ name, sql, want string }{
		{"from the pre-config function", "", `[{"id":1},{"id":2}]`},
		{"the role setting wins", "alter role authenticator set pgrst.db_max_rows = '3'", `[{"id":1},{"id":2},{"id":3}]`},
		{"back to the function", "alter role authenticator reset pgrst.db_max_rows", `[{"id":1},{"id":2}]`},
	} {
		if st.sql != "" {
			exec(st.sql + "; notify pgrst, 'reload config'")
		}
		if _, body := get(t, ts.URL, "/cfg_items?select=id"); body != st.want {
			t.Errorf("%s: %s, want %s", st.name, body, st.want)
		}
	}
}
