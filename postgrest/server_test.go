package postgrest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

func do(t *testing.T, h http.Handler, method, target, body string, hdr ...string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestOversizedBody(t *testing.T) {
	srv := engineServer(t, mustRead("testdata/exchanges/fixture.sql"))
	srv.cfg.MaxBodyBytes = 1024
	w := do(t, srv, "POST", "/items", `{"name":"`+strings.Repeat("x", 2000)+`"}`, "Content-Type", "application/json")
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d, want 413: %s", w.Code, w.Body)
	}
	if !strings.Contains(w.Body.String(), `"message":"Request body too large"`) {
		t.Fatalf("body %s", w.Body)
	}
	// nothing was inserted
	w = do(t, srv, "GET", "/items?select=count()", "")
	if got := w.Body.String(); got != `[{"count":0}]` {
		t.Fatalf("items after 413: %s", got)
	}
}

// The schema cache follows DDL: a table created after the first request
// is served, a dropped one is PGRST205, without any reload call.
func TestSchemaCacheFollowsDDL(t *testing.T) {
	e := enginetest.New(t)
	srv, err := New(Config{Executor: &EngineExecutor{Engine: e}, JWTSecret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	if w := do(t, srv, "GET", "/late", ""); w.Code != 404 || !strings.Contains(w.Body.String(), "PGRST205") {
		t.Fatalf("before DDL: %d %s", w.Code, w.Body)
	}
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exec := func(sql string) {
		t.Helper()
		rows, err := s.Query(context.Background(), sql)
		if err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	exec("create table late (id int primary key, parent int)")
	exec("insert into late values (1, null), (2, 1)")
	exec("grant all on late to anon")
	if w := do(t, srv, "GET", "/late?select=id&order=id", ""); w.Code != 200 || w.Body.String() != "[{\"id\":1}, \n {\"id\":2}]" {
		t.Fatalf("after CREATE: %d %q", w.Code, w.Body)
	}
	// a new FK becomes a relationship
	exec("alter table late add constraint late_parent_fkey foreign key (parent) references late(id)")
	if w := do(t, srv, "GET", "/late?select=id,up:parent(id)&id=eq.2", ""); w.Code != 200 || w.Body.String() != `[{"id":2,"up":{"id":1}}]` {
		t.Fatalf("after ADD CONSTRAINT: %d %s", w.Code, w.Body)
	}
	exec("drop table late")
	if w := do(t, srv, "GET", "/late", ""); w.Code != 404 {
		t.Fatalf("after DROP: %d %s", w.Code, w.Body)
	}
}

func TestJWTRoleReachesTheDatabase(t *testing.T) {
	srv := engineServer(t, mustRead("testdata/exchanges/fixture.sql")+"\ncreate function who() returns text language sql stable as $$ select current_user || ' ' || coalesce(current_setting('request.jwt.claims', true)::json->>'sub', '-') $$;")
	tests := []struct {
		name, auth, apikey, want string
	}{
		{"anon without keys", "", "", `"anon -"`},
		{"bearer", "Bearer " + sign(t, map[string]any{"role": "authenticated", "sub": "s1"}, testSecret), "", `"authenticated s1"`},
		{"apikey as bearer", "", sign(t, map[string]any{"role": "service_role"}, testSecret), `"service_role -"`},
		{"bearer wins over apikey", "Bearer " + sign(t, map[string]any{"role": "authenticated", "sub": "s2"}, testSecret), sign(t, map[string]any{"role": "service_role"}, testSecret), `"authenticated s2"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(t, srv, "POST", "/rpc/who", "{}", "Content-Type", "application/json", "Authorization", tc.auth, "apikey", tc.apikey)
			if w.Code != 200 || w.Body.String() != tc.want {
				t.Fatalf("%d %s, want %s", w.Code, w.Body, tc.want)
			}
		})
	}
}
