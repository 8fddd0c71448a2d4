//go:build e2e

package auth

import (
	"net/http"
	"net/http/httptest"
	"os/exec"
	"testing"
	"time"
)

// TestSupabaseJSPhone runs testdata/e2e/phone.mjs with the real
// supabase-js: phone sign-up and SMS confirmation, password sign-in,
// phone change, OTP sign-in with a test number, admin phone users.
func TestSupabaseJSPhone(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("the e2e test needs node and npm (supabase-js is installed from npm by the test)")
	}
	dir := npmDir(t)
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	defer srv.Close()
	cfg := DefaultConfig()
	cfg.ExternalURL = srv.URL + "/auth/v1"
	cfg.SMS.EnableSignup = true
	cfg.SMS.EnableConfirmations = true
	cfg.SMS.Provider = "twilio"
	cfg.SMS.MaxFrequency = time.Second
	cfg.SMS.TestOTP = map[string]string{"15550121": "123456"}
	a, err := New(cfg, newTestEngine(t))
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/auth/v1/", http.StripPrefix("/auth/v1", a))
	if got := runNodeScenario(t, dir, srv.URL, "phone.mjs"); string(got) != `{"ok":true}` {
		t.Fatalf("scenario output: %s", got)
	}
}
