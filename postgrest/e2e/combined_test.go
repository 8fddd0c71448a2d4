//go:build e2e

package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"
	"github.com/tinybase/tinybase/auth"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/postgrest"
)

// TestCombinedSupabase is issue 9's last scenario and issue 8's RLS
// isolation with the real supabase-js against one in-process server that
// mounts /auth/v1 (GoTrue) and /rest/v1 (PostgREST) over one engine, as
// the root package's server does: combined.mjs signs two users up
// (profiles made by a handle_new_user trigger on auth.users), signs each
// in, inserts todos through REST and checks each sees only their own rows
// under user_id = (select auth.uid()) policies; anon sees none;
// service_role sees all.
func TestCombinedSupabase(t *testing.T) {
	dir := nodeModules(t)
	e := enginetest.New(t)
	runScript(t, e, readFixture(t, "combined.sql"))

	mux := http.NewServeMux()
	hs := httptest.NewServer(mux)
	defer hs.Close()
	cfg := auth.DefaultConfig()
	cfg.ExternalURL = hs.URL + "/auth/v1"
	cfg.Email.MaxFrequency = 0
	a, err := auth.New(cfg, e)
	if err != nil {
		t.Fatal(err)
	}
	rest, err := postgrest.New(postgrest.Config{Executor: &postgrest.EngineExecutor{Engine: e}, JWTSecret: cfg.JWTSecret, MaxRows: 1000, Schemas: []string{"public"}})
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/auth/v1/", http.StripPrefix("/auth/v1", a))
	mux.Handle("/rest/v1/", http.StripPrefix("/rest/v1", rest))

	sign := func(role string) string {
		s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": "supabase-demo", "role": role, "exp": 1983812996}).SignedString([]byte(cfg.JWTSecret))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	out := runNode(t, dir, "combined.mjs", "URL="+hs.URL, "ANON_KEY="+sign("anon"), "SERVICE_KEY="+sign("service_role"))
	var res struct {
		Users []struct{ ID, Email string }
		Todos []struct {
			Task   string
			UserID string `json:"user_id"`
			Done   bool
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
		t.Fatalf("scenario output: %v\n%s", err, out)
	}
	if len(res.Users) != 2 || len(res.Todos) != 3 {
		t.Fatalf("scenario output: %s", out)
	}
	// The database agrees with what the clients saw: the trigger wrote one
	// profile per user, and each todo belongs to the user who inserted it.
	owner := map[string]string{res.Users[0].ID: res.Users[0].Email, res.Users[1].ID: res.Users[1].Email}
	rows := query(t, e, `select p.full_name, u.email from public.profiles p join auth.users u on u.id = p.id order by u.email`)
	want := [][]string{{"Ada Lovelace", "ada@example.com"}, {"Grace Hopper", "grace@example.com"}}
	if !equalRows(rows, want) {
		t.Errorf("profiles = %v, want %v", rows, want)
	}
	rows = query(t, e, `select t.task, u.email, t.done::text from public.todos t join auth.users u on u.id = t.user_id order by t.id`)
	want = [][]string{{"engine notes", "ada@example.com", "true"}, {"bernoulli numbers", "ada@example.com", "false"}, {"compiler", "grace@example.com", "true"}}
	if !equalRows(rows, want) {
		t.Errorf("todos = %v, want %v", rows, want)
	}
	for _, td := range res.Todos {
		if owner[td.UserID] == "" {
			t.Errorf("todo %q has user_id %s, not one of the signed-up users", td.Task, td.UserID)
		}
	}
}

// runScript runs a script of statements as the superuser.
func runScript(t *testing.T, e *engine.Engine, script string) {
	t.Helper()
	stmts, err := engine.SplitStatements(script)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		query(t, e, st.SQL)
	}
}

func query(t *testing.T, e *engine.Engine, sql string) [][]string {
	t.Helper()
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rows, err := s.Query(t.Context(), sql)
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	var out [][]string
	for rows.Next() {
		var r []string
		for _, v := range rows.Text() {
			if v == nil {
				r = append(r, "NULL")
			} else {
				r = append(r, *v)
			}
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return out
}

func equalRows(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.Join(a[i], "\x00") != strings.Join(b[i], "\x00") {
			return false
		}
	}
	return true
}
