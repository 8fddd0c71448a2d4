//go:build e2e

package main_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase/internal/npmtest"
)

// runNodeScript runs the script at src with node beside the supabase-js
// install (ES modules resolve packages from the script's own folder) and
// returns its output.
func runNodeScript(t *testing.T, src string, env ...string) string {
	t.Helper()
	dir := npmtest.SupabaseJS(t)
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(dir, "dburl_"+filepath.Base(src))
	if err := os.WriteFile(run, b, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", run)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node %s: %v\n%s", src, err, out)
	}
	return string(out)
}

// TestSupabaseJSDBURL is issue 27's done-when for --db-url: the real
// supabase-js against `tinybase start --db-url` on a fresh PostgreSQL 15
// database (the oracle at $TINYBASE_PG_URL). The combined scenario of
// postgrest/e2e (sign-up with a trigger on auth.users, sign-in, REST with
// RLS per user, anon and service_role) and storageapi's storage-js
// scenario (buckets, uploads, per-user folders under RLS, signed URLs)
// run unchanged; then the database itself is checked. Realtime's
// broadcast, presence and private channels (RLS on realtime.messages in
// PostgreSQL) work; postgres_changes bindings get the error saying they
// are not served in this mode.
func TestSupabaseJSDBURL(t *testing.T) {
	url := liveDatabase(t)
	storageSQL, err := os.ReadFile("testdata/dburl_storage.sql")
	if err != nil {
		t.Fatal(err)
	}
	combined, err := os.ReadFile("../../postgrest/e2e/combined.sql")
	if err != nil {
		t.Fatal(err)
	}
	realtimeSQL, err := os.ReadFile("testdata/dburl_realtime.sql")
	if err != nil {
		t.Fatal(err)
	}
	dir := newProject(t, map[string]string{
		"migrations/20240101000000_combined.sql": string(combined),
		"migrations/20240102000000_storage.sql":  string(storageSQL),
		"migrations/20240103000000_realtime.sql": string(realtimeSQL),
	})
	s := startServer(t, dir, "--db-url", url, "--no-studio")
	anon, svc := s.status["anon key"], s.status["service_role key"]

	t.Run("combined", func(t *testing.T) {
		out := runNodeScript(t, "../../postgrest/e2e/combined.mjs", "URL="+s.status["API URL"], "ANON_KEY="+anon, "SERVICE_KEY="+svc)
		var res struct {
			Users []struct{ ID, Email string }
			Todos []struct{ Task string }
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil || len(res.Users) != 2 || len(res.Todos) != 3 {
			t.Fatalf("scenario output (%v): %s", err, out)
		}
		conn, err := pgx.Connect(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		rows, err := conn.Query(context.Background(), `select p.full_name || ' ' || u.email || ' ' || count(t.id) from public.profiles p
			join auth.users u on u.id = p.id left join public.todos t on t.user_id = u.id group by p.full_name, u.email order by 1`)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[string])
		want := []string{"Ada Lovelace ada@example.com 2", "Grace Hopper grace@example.com 1"}
		if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("database has %v (%v), want %v", got, err, want)
		}
	})

	const aliceID, bobID = "0f3c5c1e-6a0b-4d47-9d0e-2f1b7e9c1a01", "7b2d9e44-1c3f-4b8a-a2e5-9f6c0d8b3e02"
	user := func(sub string) string {
		tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
			"sub": sub, "role": "authenticated", "aud": "authenticated", "exp": time.Now().Add(time.Hour).Unix(),
		}).SignedString([]byte(s.status["JWT secret"]))
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	t.Run("storage", func(t *testing.T) {
		runNodeScript(t, "../../storageapi/testdata/e2e/storage.mjs", "URL="+s.status["API URL"], "ANON="+anon, "SERVICE="+svc,
			"ALICE_ID="+aliceID, "ALICE="+user(aliceID), "BOB_ID="+bobID, "BOB="+user(bobID))
	})

	t.Run("realtime", func(t *testing.T) {
		out := runNodeScript(t, "testdata/dburl_realtime.mjs", "URL="+s.status["API URL"], "ANON="+anon, "SERVICE="+svc,
			"ALICE="+user(aliceID), "BOB="+user(bobID))
		if strings.TrimSpace(out) != "ok" {
			t.Errorf("realtime: %s", out)
		}
	})
}
