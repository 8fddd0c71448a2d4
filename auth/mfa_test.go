package auth

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/pquerna/otp/totp"
)

// wantErr checks a legacy-shaped GoTrue error.
func wantErr(t *testing.T, r response, status int, code, msg string) {
	t.Helper()
	m := r.json(t)
	if r.Status != status || m["error_code"] != code || m["msg"] != msg {
		t.Errorf("got %d %v %q, want %d %s %q (%s)", r.Status, m["error_code"], m["msg"], status, code, msg, r.Body)
	}
}

// jwtClaims decodes a JWT's payload without verifying it.
func jwtClaims(t *testing.T, tok string) map[string]any {
	t.Helper()
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		t.Fatalf("not a JWT: %q", tok)
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]any{}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func mfaHarness(t *testing.T) *harness {
	return newHarness(t, func(c *Config) {
		c.MFA.TOTP = MFAFactorConfig{EnrollEnabled: true, VerifyEnabled: true}
	})
}

// TestMFATOTP walks POST /factors, /challenge, /verify and DELETE as
// auth-js's mfa.enroll / challenge / verify / unenroll call them.
func TestMFATOTP(t *testing.T) {
	h := mfaHarness(t)
	sess := h.signup("mfa@example.com", "password1", nil)
	tok := sess["access_token"].(string)

	r := h.do("POST", "/factors", map[string]any{"factor_type": "totp", "friendly_name": "phone app"}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("enroll: %d %s", r.Status, r.Body)
	}
	en := r.json(t)
	fid := en["id"].(string)
	tot := en["totp"].(map[string]any)
	secret := tot["secret"].(string)
	if en["type"] != "totp" || en["friendly_name"] != "phone app" || !isUUID(fid) {
		t.Errorf("enroll response: %s", r.Body)
	}
	if uri := tot["uri"].(string); !strings.HasPrefix(uri, "otpauth://totp/127.0.0.1:3000:mfa@example.com?") || !strings.Contains(uri, "secret="+secret) {
		t.Errorf("uri = %q", uri)
	}
	if qr := tot["qr_code"].(string); !strings.HasPrefix(qr, "<?xml") || !strings.Contains(qr, "<svg") {
		t.Errorf("qr_code is not an SVG: %.80q", qr)
	}
	// The same friendly name twice is a conflict.
	wantErr(t, h.do("POST", "/factors", map[string]any{"factor_type": "totp", "friendly_name": "phone app"}, bearerH(tok)...),
		422, "mfa_factor_name_conflict", `A factor with the friendly name "phone app" for this user already exists`)

	r = h.do("POST", "/factors/"+fid+"/challenge", map[string]any{}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("challenge: %d %s", r.Status, r.Body)
	}
	ch := r.json(t)
	cid := ch["id"].(string)
	if ch["type"] != "totp" || int64(ch["expires_at"].(float64)) != h.clock.now().Unix()+300 {
		t.Errorf("challenge response: %s", r.Body)
	}

	wantErr(t, h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": cid, "code": ""}, bearerH(tok)...),
		400, "validation_failed", "Code needs to be non-empty")
	good, err := totp.GenerateCode(secret, h.clock.now())
	if err != nil {
		t.Fatal(err)
	}
	bad := "000000"
	if bad == good {
		bad = "111111"
	}
	wantErr(t, h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": cid, "code": bad}, bearerH(tok)...),
		422, "mfa_verification_failed", "Invalid TOTP code entered")
	// Unenrolling a verified factor will need aal2; an unverified one not yet.
	r = h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": cid, "code": good}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("verify: %d %s", r.Status, r.Body)
	}
	vs := r.json(t)
	c := jwtClaims(t, vs["access_token"].(string))
	if c["aal"] != "aal2" {
		t.Errorf("aal = %v", c["aal"])
	}
	methods := []string{}
	for _, e := range c["amr"].([]any) {
		methods = append(methods, e.(map[string]any)["method"].(string))
	}
	if !strings.Contains(strings.Join(methods, ","), "totp") {
		t.Errorf("amr = %v", methods)
	}
	if vs["refresh_token"] == sess["refresh_token"] {
		t.Error("verify kept the aal1 refresh token")
	}
	// The same challenge cannot be verified again (a replayed code).
	wantErr(t, h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": cid, "code": good}, bearerH(vs["access_token"].(string))...),
		422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.")

	aal2 := vs["access_token"].(string)
	r = h.do("GET", "/user", nil, bearerH(aal2)...)
	fs := r.json(t)["factors"].([]any)
	if len(fs) != 1 || fs[0].(map[string]any)["status"] != "verified" || fs[0].(map[string]any)["factor_type"] != "totp" {
		t.Errorf("user factors: %s", r.Body)
	}

	// A fresh aal1 session may not remove the verified factor.
	r = h.do("POST", "/token?grant_type=password", map[string]any{"email": "mfa@example.com", "password": "password1"})
	aal1 := r.json(t)["access_token"].(string)
	wantErr(t, h.do("DELETE", "/factors/"+fid, nil, bearerH(aal1)...), 422, "insufficient_aal", "AAL2 required to unenroll verified factor")
	wantErr(t, h.do("POST", "/factors", map[string]any{"factor_type": "totp", "friendly_name": "second"}, bearerH(aal1)...),
		403, "insufficient_aal", "AAL2 required to enroll a new factor")

	r = h.do("DELETE", "/factors/"+fid, nil, bearerH(aal2)...)
	if r.Status != 200 || r.json(t)["id"] != fid {
		t.Fatalf("unenroll: %d %s", r.Status, r.Body)
	}
	if _, ok := h.do("GET", "/user", nil, bearerH(aal2)...).json(t)["factors"]; ok {
		t.Error("factor still listed after unenroll")
	}
}

// TestMFAErrors: the 401 without a session (auth-js's "Bearer token"
// check), disabled factor types, unknown factors and challenges.
func TestMFAErrors(t *testing.T) {
	h := mfaHarness(t)
	tok := h.signup("mfa2@example.com", "password1", nil)["access_token"].(string)
	// A header that is not "Bearer <token>" is a missing token, as no
	// header is (do() would fill an absent one with the anon key).
	req := func(method, path string, body any) response {
		return h.do(method, path, body, "Authorization", "Basic x")
	}
	for _, c := range []struct{ method, path string }{
		{"POST", "/factors"}, {"POST", "/factors/00000000-0000-0000-0000-000000000000/challenge"},
		{"POST", "/factors/00000000-0000-0000-0000-000000000000/verify"}, {"DELETE", "/factors/00000000-0000-0000-0000-000000000000"},
	} {
		wantErr(t, req(c.method, c.path, map[string]any{"factor_type": "totp"}), 401, "no_authorization", "This endpoint requires a valid Bearer token")
	}
	wantErr(t, h.do("POST", "/factors", map[string]any{"factor_type": "sms"}, bearerH(tok)...), 400, "validation_failed", "factor_type needs to be totp, phone, or webauthn")
	wantErr(t, h.do("POST", "/factors/not-a-uuid/challenge", map[string]any{}, bearerH(tok)...), 404, "validation_failed", "factor_id must be an UUID")
	wantErr(t, h.do("POST", "/factors/00000000-0000-0000-0000-000000000000/challenge", map[string]any{}, bearerH(tok)...), 404, "mfa_factor_not_found", "Factor not found")
	fid := h.do("POST", "/factors", map[string]any{"factor_type": "totp"}, bearerH(tok)...).json(t)["id"].(string)
	wantErr(t, h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": "00000000-0000-0000-0000-000000000000", "code": "123456"}, bearerH(tok)...),
		422, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found")
	cid := h.do("POST", "/factors/"+fid+"/challenge", map[string]any{}, bearerH(tok)...).json(t)["id"].(string)
	h.clock.advance(301e9)
	wantErr(t, h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": cid, "code": "123456"}, bearerH(tok)...),
		422, "mfa_challenge_expired", "MFA challenge "+cid+" has expired, verify against another challenge or create a new challenge.")

	off := newHarness(t, nil) // the CLI template: TOTP off
	tok = off.signup("mfa3@example.com", "password1", nil)["access_token"].(string)
	wantErr(t, off.do("POST", "/factors", map[string]any{"factor_type": "totp"}, bearerH(tok)...), 422, "mfa_totp_enroll_not_enabled", "MFA enroll is disabled for TOTP")

	anon := newHarness(t, func(c *Config) { c.EnableAnonymousSignIns = true; c.MFA.TOTP.EnrollEnabled = true })
	atok := anon.do("POST", "/signup", map[string]any{}).json(t)["access_token"].(string)
	wantErr(t, anon.do("POST", "/factors", map[string]any{"factor_type": "totp"}, bearerH(atok)...), 403, "no_authorization", "Anonymous user not allowed to perform these actions")
}

// TestAdminFactors: auth.admin.mfa.listFactors and deleteFactor.
func TestAdminFactors(t *testing.T) {
	h := mfaHarness(t)
	sess := h.signup("mfa4@example.com", "password1", nil)
	uid := sess["user"].(map[string]any)["id"].(string)
	fid := h.do("POST", "/factors", map[string]any{"factor_type": "totp"}, bearerH(sess["access_token"].(string))...).json(t)["id"].(string)
	admin := bearerH(serviceKey)
	r := h.do("GET", "/admin/users/"+uid+"/factors", nil, admin...)
	var list []map[string]any
	if err := json.Unmarshal(r.Body, &list); err != nil || len(list) != 1 || list[0]["id"] != fid || list[0]["status"] != "unverified" {
		t.Fatalf("list: %d %s", r.Status, r.Body)
	}
	r = h.do("PUT", "/admin/users/"+uid+"/factors/"+fid, map[string]any{"friendly_name": "renamed"}, admin...)
	if r.Status != 200 || r.json(t)["friendly_name"] != "renamed" {
		t.Errorf("update: %d %s", r.Status, r.Body)
	}
	r = h.do("DELETE", "/admin/users/"+uid+"/factors/"+fid, nil, admin...)
	if r.Status != 200 || r.json(t)["id"] != fid {
		t.Errorf("delete: %d %s", r.Status, r.Body)
	}
	if r = h.do("GET", "/admin/users/"+uid+"/factors", nil, admin...); string(r.Body) != "[]" {
		t.Errorf("after delete: %s", r.Body)
	}
	wantErr(t, h.do("DELETE", "/admin/users/"+uid+"/factors/"+fid, nil, admin...), 404, "mfa_factor_not_found", "Factor not found")
}

// TestMFAWebAuthnEnroll: a WebAuthn factor enrolls unverified (its
// credential comes with the first ceremony) and unenrolls.
func TestMFAWebAuthnEnroll(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.MFA.WebAuthn = MFAFactorConfig{EnrollEnabled: true, VerifyEnabled: true} })
	tok := h.signup("wa@example.com", "password1", nil)["access_token"].(string)
	r := h.do("POST", "/factors", map[string]any{"factor_type": "webauthn", "friendly_name": "Test Security Key"}, bearerH(tok)...)
	m := r.json(t)
	if r.Status != 200 || m["type"] != "webauthn" || m["friendly_name"] != "Test Security Key" || !isUUID(m["id"].(string)) || m["totp"] != nil {
		t.Fatalf("enroll: %d %s", r.Status, r.Body)
	}
	fs := h.do("GET", "/user", nil, bearerH(tok)...).json(t)["factors"].([]any)
	if len(fs) != 1 || fs[0].(map[string]any)["factor_type"] != "webauthn" || fs[0].(map[string]any)["status"] != "unverified" {
		t.Errorf("factors: %v", fs)
	}
	if r = h.do("DELETE", "/factors/"+m["id"].(string), nil, bearerH(tok)...); r.Status != 200 {
		t.Errorf("unenroll: %d %s", r.Status, r.Body)
	}
	off := newHarness(t, nil)
	tok = off.signup("wa2@example.com", "password1", nil)["access_token"].(string)
	wantErr(t, off.do("POST", "/factors", map[string]any{"factor_type": "webauthn"}, bearerH(tok)...), 422, "mfa_web_authn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn")
}
