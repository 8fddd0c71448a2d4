package auth

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
)

func parseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if u.Scheme == "" || u.Host == "" {
		return nil, &url.Error{Op: "parse", URL: raw, Err: errBadURL}
	}
	return u, nil
}

type urlError string

func (e urlError) Error() string { return string(e) }

const errBadURL = urlError("not an absolute URL")

// globMatch matches GoTrue's redirect globs: ** matches anything, *
// anything but '.' and '/', ? one such character.
func globMatch(pattern, s string) bool {
	if !strings.ContainsAny(pattern, "*?") {
		return false
	}
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '*' && i+1 < len(pattern) && pattern[i+1] == '*':
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString(`[^./]*`)
		case c == '?':
			b.WriteString(`[^./]`)
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	return err == nil && re.MatchString(s)
}

// validatePKCE is validatePKCEParams.
func validatePKCE(method, challenge string) error {
	switch {
	case method == "" && challenge == "":
		return nil
	case method == "" || challenge == "":
		return badRequest(codeValidationFailed, "PKCE flow requires code_challenge_method and code_challenge")
	}
	if m := strings.ToLower(method); m != "s256" && m != "plain" {
		return badRequest(codeValidationFailed, "code challenge method not supported")
	}
	if l := len(challenge); l < 43 || l > 128 {
		return badRequest(codeValidationFailed, "code challenge has to be between %d and %d characters", 43, 128)
	}
	return nil
}

// createFlowState is generateFlowState for the email PKCE flow.
func (s *Server) createFlowState(t *txn, userID, method, challenge, authMethod string) error {
	now := s.nowUTC()
	_, err := t.exec(`insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
 provider_access_token, provider_refresh_token, created_at, updated_at, authentication_method)
 values ($1::uuid, $2::uuid, $3, $4::auth.code_challenge_method, $5, 'email', '', '', $6::timestamptz, $6::timestamptz, $7)`,
		s.newID(), userID, s.newID(), strings.ToLower(method), challenge, pgTime(now), authMethod)
	if err != nil {
		return dbError(err, "Database error creating flow state")
	}
	return nil
}

// issueAuthCode stamps the user's newest email flow state with a fresh
// auth code (after a PKCE link is verified) and returns it.
func (s *Server) issueAuthCode(t *txn, userID, authMethod string) (string, error) {
	rows, err := t.query(`select id from auth.flow_state where user_id = $1::uuid and provider_type = 'email' order by created_at desc limit 1`, userID)
	if err != nil {
		return "", dbError(err, "Database error finding flow state")
	}
	if len(rows) == 0 {
		return "", notFound(codeFlowStateNotFound, "invalid flow state, no valid flow state found")
	}
	code := s.newID()
	now := s.nowUTC()
	if _, err := t.exec(`update auth.flow_state set auth_code = $2, auth_code_issued_at = $3::timestamptz, authentication_method = $4, updated_at = $3::timestamptz where id = $1::uuid`,
		str(rows[0][0]), code, pgTime(now), authMethod); err != nil {
		return "", dbError(err, "Database error updating flow state")
	}
	return code, nil
}

// verifyCodeVerifier is FlowState.VerifyPKCE, constant-time.
func verifyCodeVerifier(method, challenge, verifier string) bool {
	var want string
	switch strings.ToLower(method) {
	case "s256":
		sum := sha256.Sum256([]byte(verifier))
		want = base64.RawURLEncoding.EncodeToString(sum[:])
	case "plain":
		want = verifier
	default:
		return false
	}
	return subtle.ConstantTimeCompare([]byte(want), []byte(challenge)) == 1
}

// tokenEqual compares secrets in constant time.
func tokenEqual(a, b string) bool {
	return a != "" && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// otpValid is isOtpValid: the stored hash matches and was sent within
// otp_expiry.
func (s *Server) otpValid(stored, actual string, sentAt *time.Time) bool {
	if sentAt == nil || stored == "" {
		return false
	}
	if s.now().After(sentAt.Add(time.Duration(s.cfg.Email.OTPExpiry) * time.Second)) {
		return false
	}
	return tokenEqual(strings.TrimPrefix(stored, "pkce_"), strings.TrimPrefix(actual, "pkce_"))
}

// settings is GET /settings.
func (s *Server) settings(w http.ResponseWriter, r *http.Request) error {
	ext := map[string]bool{}
	for _, p := range []string{"apple", "azure", "bitbucket", "discord", "facebook", "snapchat", "figma", "fly", "github",
		"gitlab", "google", "keycloak", "kakao", "linkedin", "linkedin_oidc", "notion", "spotify", "slack", "slack_oidc",
		"workos", "twitch", "twitter", "phone", "zoom"} {
		ext[p] = s.cfg.External[p]
	}
	ext["anonymous_users"] = s.cfg.EnableAnonymousSignIns
	ext["email"] = s.cfg.Email.EnableSignup
	ext["phone"] = s.cfg.SMS.EnableSignup
	sendJSON(w, http.StatusOK, map[string]any{
		"external":           ext,
		"disable_signup":     !s.cfg.EnableSignup,
		"mailer_autoconfirm": s.autoconfirm(),
		"phone_autoconfirm":  s.cfg.SMS.autoconfirm(),
		// GOTRUE_SMS_PROVIDER: the CLI sets it only for an enabled
		// provider, so it is "" by default.
		"sms_provider":                     s.cfg.SMS.Provider,
		"saml_enabled":                     false,
		"saml_private_key_next_configured": false,
		"passkeys_enabled":                 s.cfg.PasskeyEnabled,
	})
	return nil
}

// jwksHandler is GET /.well-known/jwks.json: the public signing keys
// (empty with HS256).
func (s *Server) jwksHandler(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "public, max-age=600")
	sendJSON(w, http.StatusOK, map[string]any{"keys": s.signer.jwks()})
	return nil
}
