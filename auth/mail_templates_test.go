package auth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEmailTemplates(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "supabase", "templates"), 0o755); err != nil {
		t.Fatal(err)
	}
	body := `<p>Hi {{ .Data.name }} ({{ .Email }}), confirm at <a href="{{ .ConfirmationURL }}">this link</a> or type {{ .Token }}.</p>`
	if err := os.WriteFile(filepath.Join(root, "supabase", "templates", "confirm.html"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	toml := "[auth.email]\nenable_confirmations = true\n[auth.email.template.confirmation]\nsubject = \"Welcome to {{ .SiteURL }}\"\ncontent_path = \"./supabase/templates/confirm.html\"\n"
	cfg, err := ParseConfig([]byte(toml), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	cfg = cfg.ResolvePaths(filepath.Join(root, "supabase"))
	h := newHarness(t, func(c *Config) {
		c.Email.EnableConfirmations = true
		c.Email.Templates = cfg.Email.Templates
	})
	h.do("POST", "/signup", map[string]any{"email": "ada@example.com", "password": "password-1", "data": map[string]any{"name": "<Ada>"}})
	e, ok := h.s.Inbox().Latest("ada@example.com")
	if !ok {
		t.Fatal("no email")
	}
	if e.Subject != "Welcome to http://127.0.0.1:3000" {
		t.Errorf("subject %q", e.Subject)
	}
	if !strings.Contains(e.Body, "Hi &lt;Ada&gt; (ada@example.com)") || !strings.Contains(e.Body, "type "+e.OTP+".") ||
		!strings.Contains(e.Body, `href="`+strings.ReplaceAll(e.Link, "&", "&amp;")+`"`) {
		t.Errorf("body %s (link %s)", e.Body, e.Link)
	}
	// Other emails keep the default text.
	h.do("POST", "/recover", map[string]any{"email": "ada@example.com"})
	if e, _ := h.s.Inbox().Latest("ada@example.com"); e.Subject != "Reset Your Password" {
		t.Errorf("recovery subject %q", e.Subject)
	}

	for name, tc := range map[string]EmailTemplate{
		"missing file": {ContentPath: filepath.Join(root, "nope.html")},
		"bad subject":  {Subject: "{{ .Email "},
	} {
		c := DefaultConfig()
		c.Email.Templates = map[string]EmailTemplate{"invite": tc}
		if _, err := New(c, newTestEngine(t)); err == nil || !strings.Contains(err.Error(), "[auth.email.template.invite]") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}
