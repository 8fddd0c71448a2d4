package tinybase_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tinybase/tinybase"
)

// TestInboxCatchesSMS: with [auth.sms] on and a (test) Twilio provider
// enabled, a phone OTP lands in the inbox as a message to the number, and
// its code verifies.
func TestInboxCatchesSMS(t *testing.T) {
	ctx := context.Background()
	dir := project(t, map[string]string{"config.toml": "[inbucket]\nenabled = true\nport = 54324\n" +
		"[auth.sms]\nenable_signup = true\n[auth.sms.twilio]\nenabled = true\naccount_sid = \"AC1\"\nmessage_service_sid = \"MG1\"\nauth_token = \"t\"\n"})
	cfg, err := tinybase.LoadConfig(dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.APIPort, cfg.DBPort, cfg.InboxPort, cfg.StudioPort = 0, 0, 0, 0
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(ctx)
	post := func(path, body string) int {
		req, _ := http.NewRequest("POST", srv.APIURL()+"/auth/v1"+path, strings.NewReader(body))
		req.Header.Set("apikey", srv.Keys().Anon)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("/otp", `{"phone":"+15550130"}`); code != 200 {
		t.Fatalf("otp: %d", code)
	}
	var found struct {
		MessagesCount int `json:"messages_count"`
		Messages      []struct {
			ID      string
			Subject string
			From    struct{ Name string }
			Snippet string
		} `json:"messages"`
	}
	getJSON(t, srv.InboxURL()+"/api/v1/search?query="+url.QueryEscape("to:15550130"), &found)
	if found.MessagesCount != 1 || found.Messages[0].From.Name != "twilio" || !strings.HasPrefix(found.Messages[0].Snippet, "Your code is ") {
		t.Fatalf("search: %+v", found)
	}
	code := strings.TrimPrefix(found.Messages[0].Snippet, "Your code is ")
	if c := post("/verify", `{"type":"sms","phone":"15550130","token":"`+code+`"}`); c != 200 {
		t.Fatalf("verify: %d", c)
	}
}
