package auth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDisabledFeatures: GoTrue's answers for SAML, manual linking, web3,
// id_token and phone OTPs on a project that has them off (auth-js checks
// the wording).
func TestDisabledFeatures(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.External = map[string]bool{"google": true} })
	tok := h.signup("feat@example.com", "password1", nil)["access_token"].(string)

	ext := h.do("GET", "/settings", nil).json(t)["external"].(map[string]any)
	if ext["google"] != true || ext["github"] != false {
		t.Errorf("settings external: %v", ext)
	}

	wantErr(t, h.do("POST", "/sso", map[string]any{"domain": "example.com"}), 404, "saml_provider_disabled", "SAML 2.0 is disabled")
	wantErr(t, h.do("GET", "/sso/saml/metadata", nil), 404, "saml_provider_disabled", "SAML 2.0 is disabled")

	// Authentication comes before the linking switch.
	wantErr(t, h.do("GET", "/user/identities/authorize?provider=github", nil, "Authorization", "none"), 401, "no_authorization", "This endpoint requires a valid Bearer token")
	wantErr(t, h.do("GET", "/user/identities/authorize?provider=github", nil, bearerH(tok)...), 404, "manual_linking_disabled", "Manual linking is disabled")
	wantErr(t, h.do("DELETE", "/user/identities/00000000-0000-0000-0000-000000000000", nil, bearerH(tok)...), 404, "manual_linking_disabled", "Manual linking is disabled")

	wantErr(t, h.do("POST", "/token?grant_type=web3", map[string]any{"chain": "solana", "message": "m", "signature": "s"}), 422, "web3_provider_disabled", "Web3 provider is disabled")

	// id_token: a provider that is off names its issuer; an enabled one
	// refuses a token that is not a JWT as an OAuth error.
	wantErr(t, h.do("POST", "/token?grant_type=id_token", map[string]any{"provider": "apple", "id_token": "x"}), 400, "provider_disabled", `Provider (issuer "https://appleid.apple.com") is not enabled`)
	r := h.do("POST", "/token?grant_type=id_token", map[string]any{"provider": "google", "id_token": "mock-id-token", "nonce": "n"})
	if m := r.json(t); r.Status != 400 || m["error"] != "invalid request" || m["error_description"] != "Bad ID token" {
		t.Errorf("id_token: %d %s", r.Status, r.Body)
	}
	r = h.do("POST", "/token?grant_type=id_token", map[string]any{"provider": "google"})
	if m := r.json(t); r.Status != 400 || m["error_description"] != "id_token required" {
		t.Errorf("id_token missing: %d %s", r.Status, r.Body)
	}

	// Phone OTPs: E.164 first, then no unexpired OTP (none is ever sent).
	wantErr(t, h.do("POST", "/verify", map[string]any{"phone": "12345-invalid", "token": "123456", "type": "sms"}), 400, "validation_failed", "Invalid phone number format (E.164 required)")
	wantErr(t, h.do("POST", "/verify", map[string]any{"phone": "+1 5551234567", "token": "123456", "type": "sms"}), 403, "otp_expired", "Token has expired or is invalid")
	wantErr(t, h.do("POST", "/verify", map[string]any{"phone": "15551234567", "token": "123456", "type": "phone_change"}), 403, "otp_expired", "Token has expired or is invalid")
}

// TestManualLinkingEnabled: with enable_manual_linking, unlinking keeps
// at least one identity.
func TestManualLinkingEnabled(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.EnableManualLinking = true })
	sess := h.signup("link@example.com", "password1", nil)
	ids := sess["user"].(map[string]any)["identities"].([]any)
	id := ids[0].(map[string]any)["identity_id"].(string)
	wantErr(t, h.do("DELETE", "/user/identities/"+id, nil, bearerH(sess["access_token"].(string))...), 422, "single_identity_not_deletable", "User must have at least 1 identity after unlinking")
}

// TestGenerateLinkOrder: action links keep GoTrue's token, type,
// redirect_to order (auth-js matches /\?token/), the redirect unescaped
// unless it holds &, = or #.
func TestGenerateLinkOrder(t *testing.T) {
	h := newHarness(t, nil)
	r := h.do("POST", "/admin/generate_link", map[string]any{"type": "signup", "email": "gl@example.com", "password": "password1"}, bearerH(serviceKey)...)
	link, _ := r.json(t)["action_link"].(string)
	if !strings.HasPrefix(link, "http://127.0.0.1:54321/auth/v1/verify?token=") || !strings.HasSuffix(link, "&type=signup&redirect_to=http://127.0.0.1:3000") {
		t.Errorf("action_link = %q (%s)", link, r.Body)
	}
	if got := h.s.verifyLink("t", "recovery", "http://127.0.0.1:3000/cb?a=1"); got != "http://127.0.0.1:54321/auth/v1/verify?token=t&type=recovery&redirect_to=http%3A%2F%2F127.0.0.1%3A3000%2Fcb%3Fa%3D1" {
		t.Errorf("escaped redirect: %q", got)
	}
}

// TestSigningKeysPathRelative: signing_keys_path is resolved against the
// supabase/ directory, as the Supabase CLI does.
func TestSigningKeysPathRelative(t *testing.T) {
	dir := t.TempDir()
	c, err := ParseConfig([]byte("[auth]\nsigning_keys_path = \"./signing_keys.json\"\n"), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	c = c.ResolvePaths(dir)
	if c.SigningKeysPath != filepath.Join(dir, "signing_keys.json") {
		t.Errorf("resolved to %q", c.SigningKeysPath)
	}
	abs := filepath.Join(dir, "elsewhere.json")
	if got := (Config{SigningKeysPath: abs}).ResolvePaths("/x").SigningKeysPath; got != abs {
		t.Errorf("absolute path changed to %q", got)
	}
	// The resolved file is what the signer reads.
	if err := os.WriteFile(c.SigningKeysPath, []byte(`[{"kty":"EC","crv":"P-256","d":"`+
		`jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI","x":"usWxHK2PmfnHKwXPS54m0kTcGJ90UiglWiGahtagnv8","y":"IBOL-C3BttVivg-lSreASjpkttcsz-1rb7btKLv8EX4","kid":"k1","alg":"ES256"}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := newSigner(c); err != nil {
		t.Errorf("signer over the resolved path: %v", err)
	}
}

// TestMFAConfigParse: the [auth.mfa], [auth.external.*], [auth.web3.*]
// and enable_manual_linking keys.
func TestMFAConfigParse(t *testing.T) {
	c, err := ParseConfig([]byte(`[auth]
enable_manual_linking = true
[auth.mfa]
max_enrolled_factors = 3
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
[auth.external.google]
enabled = true
client_id = "x"
[auth.external.github]
enabled = false
[auth.web3.solana]
enabled = true
[auth.oauth_server]
enabled = true
allow_dynamic_registration = true
`), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if !c.EnableManualLinking || c.MFA.MaxEnrolledFactors != 3 || !c.MFA.TOTP.EnrollEnabled || !c.MFA.TOTP.VerifyEnabled ||
		c.MFA.Phone.EnrollEnabled || !c.External["google"] || c.External["github"] || !c.Web3Solana || c.Web3Ethereum ||
		!c.OAuthServer.Enabled || !c.OAuthServer.AllowDynamicRegistration || c.OAuthServer.AuthorizationURLPath != "/oauth/consent" {
		t.Errorf("parsed %+v", c)
	}
}
