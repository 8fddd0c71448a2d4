package auth

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// HookConfig is one [auth.hook.<name>] section: GoTrue's extensibility
// point. URI is pg-functions://postgres/<schema>/<function> (the function
// runs as supabase_auth_admin, which must be granted EXECUTE) or an
// http(s) URL signed with Secrets (standard-webhooks "v1,whsec_<base64>"
// values, separated by "|" as GoTrue reads them).
type HookConfig struct {
	Enabled bool
	URI     string
	Secrets []string
}

// HooksConfig is [auth.hook].
type HooksConfig struct {
	CustomAccessToken           HookConfig
	SendEmail                   HookConfig
	SendSMS                     HookConfig
	MFAVerificationAttempt      HookConfig
	PasswordVerificationAttempt HookConfig
	BeforeUserCreated           HookConfig
	// AllowExternal lets HTTP hooks reach hosts other than loopback
	// (TINYBASE_NET_ALLOW_EXTERNAL in the CLI); off, such a hook fails
	// as an unreachable one does.
	AllowExternal bool
}

type tomlHook struct {
	Enabled *bool   `toml:"enabled"`
	URI     *string `toml:"uri"`
	Secrets *string `toml:"secrets"`
}

func (t tomlHook) apply(h *HookConfig) {
	setB(&h.Enabled, t.Enabled)
	setS(&h.URI, t.URI)
	if t.Secrets != nil {
		h.Secrets = splitSecrets(*t.Secrets)
	}
}

func splitSecrets(s string) []string {
	var out []string
	for _, p := range strings.Split(s, "|") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// each calls fn with every hook and its config.toml name.
func (h *HooksConfig) each(fn func(name string, c *HookConfig)) {
	fn("custom_access_token", &h.CustomAccessToken)
	fn("send_email", &h.SendEmail)
	fn("send_sms", &h.SendSMS)
	fn("mfa_verification_attempt", &h.MFAVerificationAttempt)
	fn("password_verification_attempt", &h.PasswordVerificationAttempt)
	fn("before_user_created", &h.BeforeUserCreated)
}

var envRef = regexp.MustCompile(`^env\((\w+)\)$`)

// EnvRef returns NAME when v is a config value read from the
// environment, env(NAME), as the Supabase CLI writes them.
func EnvRef(v string) (name string, ok bool) {
	if m := envRef.FindStringSubmatch(strings.TrimSpace(v)); m != nil {
		return m[1], true
	}
	return "", false
}

// ResolveEnv replaces env(NAME) in hook URIs and secrets with the
// variable's value read through lookup, as the Supabase CLI does.
func (c Config) ResolveEnv(lookup func(string) (string, bool)) Config {
	resolve := func(v string) string {
		if name, ok := EnvRef(v); ok {
			val, _ := lookup(name)
			return val
		}
		return v
	}
	c.Hooks.each(func(_ string, h *HookConfig) {
		h.URI = resolve(h.URI)
		var secrets []string
		for _, s := range h.Secrets {
			secrets = append(secrets, splitSecrets(resolve(s))...)
		}
		h.Secrets = secrets
	})
	return c
}

var pgHookPath = regexp.MustCompile(`^/([^/]+)/([^/]+)$`)

// pgHookFunction returns the quoted schema-qualified function name of a
// pg-functions URI.
func pgHookFunction(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "pg-functions" {
		return "", fmt.Errorf("%q is not a pg-functions://postgres/<schema>/<function> URI", uri)
	}
	m := pgHookPath.FindStringSubmatch(u.Path)
	if u.Host != "postgres" || m == nil {
		return "", fmt.Errorf("%q is not a pg-functions://postgres/<schema>/<function> URI", uri)
	}
	return quoteIdent(m[1]) + "." + quoteIdent(m[2]), nil
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// validateHooks rejects enabled hooks the Supabase CLI would refuse: no
// URI, an unknown scheme, an HTTP hook without secrets or with a secret
// not in "v1,whsec_..." form.
func (c Config) validateHooks() error {
	var err error
	c.Hooks.each(func(name string, h *HookConfig) {
		if err != nil || !h.Enabled {
			return
		}
		switch {
		case h.URI == "":
			err = fmt.Errorf("auth: [auth.hook.%s] is enabled but has no uri", name)
		case strings.HasPrefix(h.URI, "pg-functions:"):
			if _, perr := pgHookFunction(h.URI); perr != nil {
				err = fmt.Errorf("auth: [auth.hook.%s] uri: %v", name, perr)
			}
		case strings.HasPrefix(h.URI, "http://") || strings.HasPrefix(h.URI, "https://"):
			if len(h.Secrets) == 0 {
				err = fmt.Errorf("auth: [auth.hook.%s] secrets is required for an HTTP hook", name)
			}
			for _, s := range h.Secrets {
				if !strings.HasPrefix(s, "v1,whsec_") && !envRef.MatchString(s) {
					err = fmt.Errorf("auth: [auth.hook.%s] secrets must be v1,whsec_<base64> values", name)
				}
			}
		default:
			err = fmt.Errorf("auth: [auth.hook.%s] uri %q: only pg-functions:// and http(s):// hooks are supported", name, h.URI)
		}
	})
	return err
}
