//go:build e2e

package auth

import (
	"net/http"
	"net/http/httptest"
	"os/exec"
	"testing"
)

// TestSupabaseJSOAuth runs testdata/e2e/oauth.mjs with the real
// supabase-js: the OAuth 2.1 server's authorize, consent
// (supabase.auth.oauth.*), token exchange and grants.
func TestSupabaseJSOAuth(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("the e2e test needs node and npm (supabase-js is installed from npm by the test)")
	}
	dir := npmDir(t)
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	defer srv.Close()
	cfg := DefaultConfig()
	cfg.ExternalURL = srv.URL + "/auth/v1"
	cfg.Email.MaxFrequency = 0
	cfg.OAuthServer = OAuthServerConfig{Enabled: true, AuthorizationURLPath: "/oauth/consent"}
	a, err := New(cfg, newTestEngine(t))
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/auth/v1/", http.StripPrefix("/auth/v1", a))
	if got := runNodeScenario(t, dir, srv.URL, "oauth.mjs"); string(got) != `{"ok":true}` {
		t.Fatalf("scenario output: %s", got)
	}
}
