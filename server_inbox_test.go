package tinybase_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tinybase/tinybase"
)

// TestInboxCatchesAuthMail signs up with confirmations on and reads the
// confirmation email through the inbox's Mailpit API, as an e2e suite
// would, then follows its link.
func TestInboxCatchesAuthMail(t *testing.T) {
	ctx := context.Background()
	dir := project(t, map[string]string{"config.toml": "[inbucket]\nenabled = true\nport = 54324\nadmin_email = \"noreply@example.test\"\nsender_name = \"Demo\"\n[auth.email]\nenable_confirmations = true\n"})
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
	if srv.InboxURL() == "" || srv.InboxNotice() != "" {
		t.Fatalf("inbox not served: %q", srv.InboxNotice())
	}

	req, _ := http.NewRequest("POST", srv.APIURL()+"/auth/v1/signup", strings.NewReader(`{"email":"ada@example.com","password":"secret-password"}`))
	req.Header.Set("apikey", srv.Keys().Anon)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("signup: %d", resp.StatusCode)
	}

	var found struct {
		MessagesCount int `json:"messages_count"`
		Messages      []struct {
			ID      string
			Subject string
			From    struct{ Name, Address string }
			To      []struct{ Address string }
		} `json:"messages"`
	}
	getJSON(t, srv.InboxURL()+"/api/v1/search?query="+url.QueryEscape("to:ada@example.com"), &found)
	if found.MessagesCount != 1 || found.Messages[0].Subject != "Confirm Your Email" || found.Messages[0].From.Address != "noreply@example.test" || found.Messages[0].From.Name != "Demo" {
		t.Fatalf("search: %+v", found)
	}
	var msg struct{ Text, HTML string }
	getJSON(t, srv.InboxURL()+"/api/v1/message/"+found.Messages[0].ID, &msg)
	i := strings.Index(msg.Text, "http://")
	if i < 0 || !strings.Contains(msg.HTML, "<a href=") {
		t.Fatalf("message without a link: %+v", msg)
	}
	link := strings.Fields(msg.Text[i:])[0]
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err = noRedirect.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.Contains(loc, "access_token=") {
		t.Fatalf("following the link: %d %s", resp.StatusCode, loc)
	}
	if n := len(srv.Inbox().Mails()); n != 1 {
		t.Fatalf("Mails() lists %d messages", n)
	}
}

func getJSON(t *testing.T, u string, v any) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", u, resp.StatusCode, b)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("GET %s: %v: %s", u, err, b)
	}
}

func TestInboxConfig(t *testing.T) {
	dir := project(t, map[string]string{"config.toml": "[inbucket]\nenabled = false\nport = 6000\n"})
	cfg, err := tinybase.LoadConfig(dir, func(string) string { return "" })
	if err != nil || cfg.InboxEnabled || cfg.InboxPort != 6000 {
		t.Fatalf("config.toml: %+v %v", cfg, err)
	}
	cfg, err = tinybase.LoadConfig(dir, func(k string) string {
		if k == "TINYBASE_INBOX_PORT" {
			return "6001"
		}
		return ""
	})
	if err != nil || cfg.InboxPort != 6001 {
		t.Fatalf("env: %d %v", cfg.InboxPort, err)
	}
	if _, err := tinybase.LoadConfig(dir, func(k string) string {
		if k == "TINYBASE_INBOX_PORT" {
			return "70000"
		}
		return ""
	}); err == nil || !strings.Contains(err.Error(), "inbucket port") {
		t.Fatalf("out of range: %v", err)
	}
	// Disabled, no inbox is served and auth keeps its mail to itself.
	cfg.InboxPort, cfg.APIPort, cfg.DBPort, cfg.StudioPort = 0, 0, 0, 0
	cfg.InboxEnabled = false
	p, err := tinybase.Open(context.Background(), tinybase.Options{Dir: dir, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := p.Serve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	if srv.Inbox() != nil || srv.InboxURL() != "" {
		t.Fatal("a disabled inbox is served")
	}
}

// TestInboxPortInUse: a taken inbucket port leaves a notice and no page,
// and the server still starts and catches mail.
func TestInboxPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cfg := tinybase.DefaultConfig("")
	cfg.APIPort, cfg.DBPort, cfg.StudioPort, cfg.InboxPort = 0, 0, 0, ln.Addr().(*net.TCPAddr).Port
	p, err := tinybase.Open(context.Background(), tinybase.Options{Dir: project(t, nil), Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := p.Serve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	if srv.InboxURL() != "" || !strings.Contains(srv.InboxNotice(), "the inbox is not served") || srv.Inbox() == nil {
		t.Fatalf("url %q notice %q", srv.InboxURL(), srv.InboxNotice())
	}
}
