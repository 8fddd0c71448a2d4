package auth

import (
	"math/rand"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// recordingMailer is a Mailer that keeps what it is given.
type recordingMailer struct {
	mu   sync.Mutex
	sent []sentMail
}

type sentMail struct{ fromName, from, to, subject, text, html string }

func (m *recordingMailer) SendMail(fromName, from string, to []string, subject, text, html string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, sentMail{fromName, from, strings.Join(to, ","), subject, text, html})
	return "id", nil
}

// TestMailerGetsEveryEmail: confirmation, invite, magic link, recovery,
// both email-change messages and the reauthentication code all go
// through the Mailer, from the configured sender.
func TestMailerGetsEveryEmail(t *testing.T) {
	cfg := DefaultConfig()
	cfg.BcryptCost = 4
	cfg.Email.MaxFrequency = 0
	cfg.Email.EnableConfirmations = true
	cfg.Email.AdminEmail, cfg.Email.SenderName = "noreply@example.test", "Demo"
	m := &recordingMailer{}
	clock := &testClock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	s, err := New(cfg, newTestEngine(t), WithClock(clock.now), WithRandom(rand.New(rand.NewSource(1))), WithMailer(m))
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, s: s, clock: clock}
	h.do("POST", "/signup", map[string]any{"email": "ada@example.com", "password": "password-1"})
	h.mustSQL(`update auth.users set email_confirmed_at = now()`)
	h.do("POST", "/invite", map[string]any{"email": "bob@example.com"}, bearerH(serviceKey)...)
	h.do("POST", "/otp", map[string]any{"email": "ada@example.com"})
	h.do("POST", "/recover", map[string]any{"email": "ada@example.com"})
	tok := h.do("POST", "/token?grant_type=password", map[string]any{"email": "ada@example.com", "password": "password-1"}).json(t)["access_token"].(string)
	h.do("PUT", "/user", map[string]any{"email": "ada@new.test"}, bearerH(tok)...)
	h.do("GET", "/reauthenticate", nil, bearerH(tok)...)
	var got []string
	for _, e := range m.sent {
		if e.from != "noreply@example.test" || e.fromName != "Demo" || e.text == "" || e.html == "" {
			t.Errorf("mail %+v", e)
		}
		got = append(got, e.to+" "+e.subject)
	}
	for _, want := range []string{
		"ada@example.com Confirm Your Email", "bob@example.com You have been invited", "ada@example.com Your Magic Link",
		"ada@example.com Reset Your Password", "ada@example.com Confirm Email Change", "ada@new.test Confirm Email Change",
		"ada@example.com Confirm reauthentication",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("no %q among %q", want, got)
		}
	}
}
