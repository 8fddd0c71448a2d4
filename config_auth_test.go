package tinybase

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAuthKeyWarnings(t *testing.T) {
	body := ConfigTemplate("demo") + `
[auth.captcha]
enabled = true
provider = "hcaptcha"
secret = "s"

[auth.sessions]
timebox = "24h"

[auth.email.smtp]
enabled = false
host = "smtp.example.com"

[auth.email.template.invite]
subject = "Join us"

[auth.email.notification.password_changed]
enabled = true

[auth.hook.send_sms]
enabled = true
uri = "pg-functions://postgres/public/sms"

[auth.mfa.web_authn]
enroll_enabled = true

[auth.hook.custom_access_token]
enabled = true
uri = "pg-functions://postgres/public/hook"

[auth.external.github]
enabled = false
client_id = "abc"
`
	body = strings.Replace(body, "max_frequency = \"5s\"\n\n# One [auth.external", "max_frequency = \"10s\"\n\n# One [auth.external", 1)
	cfg, err := LoadConfig(writeConfig(t, body), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range cfg.Warnings {
		if i := strings.Index(w, "config.toml: "); i >= 0 {
			got = append(got, w[i+len("config.toml: "):])
		}
	}
	want := []string{
		`auth.captcha.enabled = true is not implemented by tinybase (ignored)`,
		`auth.captcha.provider = "hcaptcha" is not implemented by tinybase (ignored)`,
		`auth.captcha.secret = "s" is not implemented by tinybase (ignored)`,
		`auth.email.notification.password_changed.enabled = true is not implemented by tinybase (ignored)`,
		`auth.mfa.phone.max_frequency = "10s" is not implemented by tinybase (ignored)`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}
