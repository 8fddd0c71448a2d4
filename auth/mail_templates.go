package auth

import (
	"fmt"
	htmltemplate "html/template"
	"os"
	"path/filepath"
	"strings"
	texttemplate "text/template"
)

// EmailTemplate is one [auth.email.template.<name>] section: a subject
// and an HTML body read from ContentPath, both Go templates over GoTrue's
// variables ({{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }},
// {{ .SiteURL }}, {{ .RedirectTo }}, {{ .Email }}, {{ .NewEmail }},
// {{ .Data }}).
type EmailTemplate struct {
	Subject     string
	ContentPath string
}

// templateNames maps an email type to its config.toml template name.
var templateNames = map[string]string{
	"signup":               "confirmation",
	"invite":               "invite",
	"magiclink":            "magic_link",
	"recovery":             "recovery",
	"email_change_current": "email_change",
	"email_change_new":     "email_change",
	"reauthentication":     "reauthentication",
}

// mailTemplate is a parsed EmailTemplate (nil parts keep the default).
type mailTemplate struct {
	subject *texttemplate.Template
	body    *htmltemplate.Template
}

// templateData are the variables a template sees.
type templateData struct {
	ConfirmationURL, Token, TokenHash, SiteURL, RedirectTo, Email, NewEmail string
	Data                                                                    map[string]any
}

// loadTemplates parses the configured templates; a missing file or a
// template that does not parse is a configuration error.
func loadTemplates(c Config) (map[string]*mailTemplate, error) {
	out := map[string]*mailTemplate{}
	for name, t := range c.Email.Templates {
		mt := &mailTemplate{}
		var err error
		if t.Subject != "" {
			if mt.subject, err = texttemplate.New(name).Parse(t.Subject); err != nil {
				return nil, fmt.Errorf("auth: "+"[auth.email.template.%s] subject: %v", name, err)
			}
		}
		if t.ContentPath != "" {
			b, err := os.ReadFile(t.ContentPath)
			if err != nil {
				return nil, fmt.Errorf("auth: "+"[auth.email.template.%s] content_path: %v", name, err)
			}
			if mt.body, err = htmltemplate.New(name).Parse(string(b)); err != nil {
				return nil, fmt.Errorf("auth: "+"[auth.email.template.%s] content_path: %v", name, err)
			}
		}
		out[name] = mt
	}
	return out, nil
}

// applyTemplate renders e with its configured template, if any; a
// template failing at run time keeps the default text, as an email must
// still go out.
func (s *Server) applyTemplate(e *Email, u *user, newEmail string) {
	mt := s.templates[templateNames[e.Type]]
	if mt == nil {
		return
	}
	d := templateData{ConfirmationURL: e.Link, Token: e.OTP, TokenHash: e.TokenHash, SiteURL: s.cfg.SiteURL,
		RedirectTo: e.RedirectTo, Email: u.Email, NewEmail: newEmail, Data: u.UserMetaData}
	if mt.subject != nil {
		var b strings.Builder
		if err := mt.subject.Execute(&b, d); err == nil {
			e.Subject = b.String()
		} else {
			s.logger.Warn("auth: email subject template failed", "type", e.Type, "error", err)
		}
	}
	if mt.body != nil {
		var b strings.Builder
		if err := mt.body.Execute(&b, d); err == nil {
			e.Body = b.String()
			e.Text = "" // the template is HTML only
		} else {
			s.logger.Warn("auth: email template failed", "type", e.Type, "error", err)
		}
	}
}

// resolveTemplatePaths makes relative content paths relative to the
// project directory (the parent of supabase/), as the Supabase CLI reads
// them ("./supabase/templates/invite.html").
func (c Config) resolveTemplatePaths(supabaseDir string) Config {
	if len(c.Email.Templates) == 0 {
		return c
	}
	root := filepath.Dir(supabaseDir)
	ts := map[string]EmailTemplate{}
	for name, t := range c.Email.Templates {
		if t.ContentPath != "" && !filepath.IsAbs(t.ContentPath) {
			t.ContentPath = filepath.Join(root, t.ContentPath)
		}
		ts[name] = t
	}
	c.Email.Templates = ts
	return c
}
