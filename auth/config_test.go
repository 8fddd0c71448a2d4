package auth

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseConfig(t *testing.T) {
	src, err := os.ReadFile("testdata/config.toml")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseConfig(src, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultConfig()
	want.SiteURL = "http://localhost:5173"
	want.AdditionalRedirectURLs = []string{"http://localhost:5173/**", "https://app.example.com/*"}
	want.JWTExpiry = 900
	want.RefreshTokenReuseInterval = 5
	want.EnableAnonymousSignIns = true
	want.MinimumPasswordLength = 8
	want.PasswordRequirements = "letters_digits"
	want.RateLimit.EmailSent = 5
	want.RateLimit.SignInSignUps = 10
	want.Email.DoubleConfirmChanges = false
	want.Email.EnableConfirmations = true
	want.Email.MaxFrequency = 30 * time.Second
	want.Email.OTPLength = 8
	want.Email.OTPExpiry = 600
	want.External = map[string]bool{"apple": false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseConfig (-want +got):\n%s", diff)
	}
	// An empty file changes nothing.
	if got, err := ParseConfig(nil, DefaultConfig()); err != nil || !cmp.Equal(got, DefaultConfig()) {
		t.Errorf("empty config: %v %v", err, cmp.Diff(DefaultConfig(), got))
	}
}

func TestParseConfigErrors(t *testing.T) {
	for _, c := range []struct{ name, toml, want string }{
		{"syntax", "[auth\nsite_url = 1", "auth: config.toml"},
		{"type", "[auth]\njwt_expiry = \"soon\"", "auth: config.toml"},
		{"short password", "[auth]\nminimum_password_length = 3", "minimum_password_length must be at least 6"},
		{"requirements", "[auth]\npassword_requirements = \"emoji\"", "password_requirements must be one of"},
		{"expiry", "[auth]\njwt_expiry = 0", "jwt_expiry must be between"},
		{"frequency", "[auth.email]\nmax_frequency = \"often\"", "max_frequency"},
		{"short secret", "[auth]\njwt_secret = \"short\"", "at least 16 characters"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(c.toml), DefaultConfig())
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want it to contain %q", err, c.want)
			}
		})
	}
}

func TestApplyEnv(t *testing.T) {
	env := map[string]string{
		"TINYBASE_JWT_SECRET":                      "an-overriding-secret-of-32-characters!",
		"TINYBASE_AUTH_SITE_URL":                   "http://localhost:8080",
		"TINYBASE_AUTH_ADDITIONAL_REDIRECT_URLS":   "http://a.test/*, http://b.test/**",
		"TINYBASE_AUTH_JWT_EXPIRY":                 "120",
		"TINYBASE_AUTH_ENABLE_ANONYMOUS_SIGN_INS":  "true",
		"TINYBASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS": "1",
		"TINYBASE_AUTH_EMAIL_MAX_FREQUENCY":        "2m",
		"TINYBASE_AUTH_RATE_LIMIT_ENABLED":         "true",
		"TINYBASE_AUTH_RATE_LIMIT_TOKEN_REFRESH":   "7",
	}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	got, err := DefaultConfig().ApplyEnv(lookup)
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultConfig()
	want.JWTSecret = "an-overriding-secret-of-32-characters!"
	want.SiteURL = "http://localhost:8080"
	want.AdditionalRedirectURLs = []string{"http://a.test/*", "http://b.test/**"}
	want.JWTExpiry = 120
	want.EnableAnonymousSignIns = true
	want.Email.EnableConfirmations = true
	want.Email.MaxFrequency = 2 * time.Minute
	want.RateLimit.Enabled = true
	want.RateLimit.TokenRefresh = 7
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ApplyEnv (-want +got):\n%s", diff)
	}
	env = map[string]string{"TINYBASE_AUTH_JWT_EXPIRY": "soon"}
	if _, err := DefaultConfig().ApplyEnv(lookup); err == nil || !strings.Contains(err.Error(), "TINYBASE_AUTH_JWT_EXPIRY") {
		t.Errorf("bad integer: %v", err)
	}
}

// TestConfigEffects: the parsed options change behaviour.
func TestConfigEffects(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.PasswordRequirements = "lower_upper_letters_digits"
		c.MinimumPasswordLength = 8
		c.EnableSignup = false
	})
	r := h.do("POST", "/signup", map[string]any{"email": "a@example.com", "password": "abc"})
	if r.Status != 422 || r.json(t)["error_code"] != "signup_disabled" {
		t.Errorf("signup disabled: %d %s", r.Status, r.Body)
	}
	h = newHarness(t, func(c *Config) {
		c.PasswordRequirements = "lower_upper_letters_digits"
		c.MinimumPasswordLength = 8
	})
	r = h.do("POST", "/signup", map[string]any{"email": "a@example.com", "password": "abc"}, apiVersionHeader, "2024-01-01")
	want := `{"code":"weak_password","message":"Password should be at least 8 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.","weak_password":{"reasons":["length","characters"]}}`
	if r.Status != 422 || string(r.Body) != want {
		t.Errorf("weak password: %d %s\nwant %s", r.Status, r.Body, want)
	}
	if r := h.do("POST", "/signup", map[string]any{"email": "a@example.com", "password": "Abcdefg1"}); r.Status != 200 {
		t.Errorf("strong password refused: %d %s", r.Status, r.Body)
	}
	// Expiry from jwt_expiry.
	h = newHarness(t, func(c *Config) { c.JWTExpiry = 60 })
	s := h.signup("e@example.com", "secret123", nil)
	if s["expires_in"] != float64(60) {
		t.Errorf("expires_in %v, want 60", s["expires_in"])
	}
	h.clock.advance(61 * time.Second)
	if r := h.do("GET", "/user", nil, bearerH(s["access_token"].(string))...); r.Status != 403 {
		t.Errorf("expired token accepted: %d %s", r.Status, r.Body)
	}
}

// TestRateLimit: off by default; when enabled, sign-ins over the limit get
// 429 over_request_rate_limit.
func TestRateLimit(t *testing.T) {
	for _, enabled := range []bool{false, true} {
		h := newHarness(t, func(c *Config) {
			c.RateLimit.Enabled = enabled
			c.RateLimit.SignInSignUps = 3
		})
		h.signup("rl@example.com", "secret123", nil)
		var last response
		for i := 0; i < 3; i++ {
			last = h.do("POST", "/token?grant_type=password", map[string]any{"email": "rl@example.com", "password": "secret123"})
		}
		if enabled {
			if last.Status != 429 || last.json(t)["error_code"] != "over_request_rate_limit" {
				t.Errorf("enabled: %d %s", last.Status, last.Body)
			}
			h.clock.advance(5 * time.Minute)
			last = h.do("POST", "/token?grant_type=password", map[string]any{"email": "rl@example.com", "password": "secret123"})
		}
		if last.Status != 200 {
			t.Errorf("enabled=%v: %d %s", enabled, last.Status, last.Body)
		}
	}
}
