package auth

import (
	"crypto/sha256"
	"fmt"
	"html"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Email is one message the server would have sent. Nothing is mailed:
// messages stay in the Inbox (readable at GET /auth/v1/inbox with the
// service_role key) and are logged with their link, as Supabase local
// shows them in Inbucket / Mailpit.
type Email struct {
	ID         int       `json:"id"`
	To         string    `json:"to"`
	Subject    string    `json:"subject"`
	Type       string    `json:"type"` // signup, invite, magiclink, recovery, email_change_current, email_change_new, reauthentication
	Link       string    `json:"link,omitempty"`
	OTP        string    `json:"otp,omitempty"`
	TokenHash  string    `json:"token_hash,omitempty"`
	RedirectTo string    `json:"redirect_to,omitempty"`
	SentAt     time.Time `json:"sent_at"`
	Body       string    `json:"body"`
	Text       string    `json:"-"` // the plain-text part
}

// Inbox keeps the emails of one server, in order.
type Inbox struct {
	mu     sync.Mutex
	next   int
	emails []Email
	logger *slog.Logger
}

// inboxLimit bounds the inbox; the oldest messages are dropped.
const inboxLimit = 1000

func newInbox(l *slog.Logger) *Inbox { return &Inbox{logger: l, next: 1} }

func (b *Inbox) add(e Email) Email {
	b.mu.Lock()
	e.ID = b.next
	b.next++
	b.emails = append(b.emails, e)
	if len(b.emails) > inboxLimit {
		b.emails = append([]Email(nil), b.emails[len(b.emails)-inboxLimit:]...)
	}
	b.mu.Unlock()
	kind := "email"
	if e.Type == "sms" {
		kind = "SMS"
	}
	b.logger.Info("auth: "+kind+" (not sent; kept in the local inbox)", "to", e.To, "type", e.Type, "subject", e.Subject, "link", e.Link, "otp", e.OTP)
	return e
}

// Messages returns the emails sent to address (all when empty), oldest
// first.
func (b *Inbox) Messages(address string) []Email {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := []Email{}
	for _, e := range b.emails {
		if address == "" || strings.EqualFold(e.To, address) {
			out = append(out, e)
		}
	}
	return out
}

// Latest returns the newest email to address.
func (b *Inbox) Latest(address string) (Email, bool) {
	m := b.Messages(address)
	if len(m) == 0 {
		return Email{}, false
	}
	return m[len(m)-1], true
}

// Clear empties the inbox.
func (b *Inbox) Clear() {
	b.mu.Lock()
	b.emails = nil
	b.mu.Unlock()
}

// inboxList is GET /inbox?email=: {"messages": [...]}, service_role only.
func (s *Server) inboxList(w http.ResponseWriter, r *http.Request) error {
	sendJSON(w, http.StatusOK, map[string]any{"messages": s.inbox.Messages(r.URL.Query().Get("email"))})
	return nil
}

// inboxClear is DELETE /inbox.
func (s *Server) inboxClear(w http.ResponseWriter, r *http.Request) error {
	s.inbox.Clear()
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// tokenHash is crypto.GenerateTokenHash: hex SHA-224 of address + OTP.
func tokenHash(address, otp string) string {
	return fmt.Sprintf("%x", sha256.Sum224([]byte(address+otp)))
}

var mailSubjects = map[string]string{
	"signup":               "Confirm Your Email",
	"invite":               "You have been invited",
	"magiclink":            "Your Magic Link",
	"recovery":             "Reset Your Password",
	"email_change_current": "Confirm Email Change",
	"email_change_new":     "Confirm Email Change",
	"reauthentication":     "Confirm reauthentication",
}

// verifyLink is the action link of an email: GET /verify with the token
// hash, the type and the redirect, in GoTrue's parameter order. Like
// GoTrue, the redirect is escaped only when it holds &, = or # (a caller
// may pass it already escaped).
func (s *Server) verifyLink(token, typ, redirectTo string) string {
	if strings.ContainsAny(redirectTo, "&=#") {
		redirectTo = url.QueryEscape(redirectTo)
	}
	return strings.TrimRight(s.cfg.ExternalURL, "/") + "/verify?token=" + url.QueryEscape(token) +
		"&type=" + url.QueryEscape(typ) + "&redirect_to=" + redirectTo
}

// Mailer delivers an email: the local inbox (package inbox) when no SMTP
// server is configured.
type Mailer interface {
	SendMail(fromName, fromAddress string, to []string, subject, text, html string) (id string, err error)
}

// WithMailer delivers every email the server sends through m, from
// cfg.Email's sender, besides keeping it in the server's own Inbox.
func WithMailer(m Mailer) Option { return func(s *Server) { s.mailer = m } }

// mail records an email in the inbox and delivers it through the Mailer.
// linkToken is the token of the link (the token hash, "pkce_"-prefixed in
// the PKCE flow).
func (s *Server) mail(t *txn, u *user, to, typ, otp, hash, linkToken, redirectTo string) error {
	if s.cfg.Hooks.SendEmail.Enabled {
		return s.sendEmailHook(t, u, linkType(typ), redirectTo, otp, linkToken, "", "")
	}
	built := s.buildMail(to, typ, otp, hash, linkToken, redirectTo)
	newEmail := ""
	if strings.HasPrefix(typ, "email_change") {
		newEmail = u.EmailChange
	}
	s.applyTemplate(&built, u, newEmail)
	e := s.inbox.add(built)
	if s.mailer == nil {
		return nil
	}
	if _, err := s.mailer.SendMail(s.cfg.Email.SenderName, s.cfg.Email.AdminEmail, []string{e.To}, e.Subject, e.Text, e.Body); err != nil {
		return internalError(fmt.Errorf("auth: delivering %s email: %w", typ, err), "Error sending %s email", mailKind(typ))
	}
	return nil
}

// mailKind names an email in GoTrue's "Error sending ... email" messages.
func mailKind(typ string) string {
	switch typ {
	case "signup":
		return "confirmation"
	case "magiclink":
		return "magic link"
	case "email_change_current", "email_change_new":
		return "email change"
	}
	return typ
}

// buildMail renders an email without delivering it (admin generate_link
// returns the link instead).
func (s *Server) buildMail(to, typ, otp, hash, linkToken, redirectTo string) Email {
	link := ""
	if typ != "reauthentication" {
		link = s.verifyLink(linkToken, linkType(typ), redirectTo)
	}
	var body, text string
	if link == "" {
		body = fmt.Sprintf("<h2>%s</h2>\n<p>Enter the code: %s</p>\n", html.EscapeString(mailSubjects[typ]), otp)
		text = fmt.Sprintf("%s\n\nEnter the code: %s\n", mailSubjects[typ], otp)
	} else {
		body = fmt.Sprintf("<h2>%s</h2>\n<p>Follow this link:</p>\n<p><a href=\"%s\">%s</a></p>\n<p>Alternatively, enter the code: %s</p>\n",
			html.EscapeString(mailSubjects[typ]), html.EscapeString(link), html.EscapeString(mailSubjects[typ]), otp)
		text = fmt.Sprintf("%s\n\nFollow this link:\n%s\n\nAlternatively, enter the code: %s\n", mailSubjects[typ], link, otp)
	}
	return Email{To: to, Subject: mailSubjects[typ], Type: typ, Link: link, OTP: otp, TokenHash: hash,
		RedirectTo: redirectTo, SentAt: s.nowUTC(), Body: body, Text: text}
}

// linkType is the verification type an email's link carries.
func linkType(mailType string) string {
	if strings.HasPrefix(mailType, "email_change") {
		return "email_change"
	}
	return mailType
}

// checkFrequency is GoTrue's per-user email frequency limit
// ([auth.email] max_frequency).
func (s *Server) checkFrequency(sentAt *time.Time) error {
	if sentAt == nil || s.cfg.Email.MaxFrequency <= 0 {
		return nil
	}
	next := sentAt.Add(s.cfg.Email.MaxFrequency)
	if now := s.now(); now.Before(next) {
		left := next.Sub(now) / time.Second
		return newError(http.StatusTooManyRequests, codeOverEmailSendRateLimit, "For security purposes, you can only request this after %d seconds.", left)
	}
	return nil
}
