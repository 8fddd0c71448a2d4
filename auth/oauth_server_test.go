package auth

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// form posts an x-www-form-urlencoded body, with HTTP Basic credentials
// when user is not empty.
func (h *harness) form(path string, v url.Values, user, pass string) response {
	h.t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(v.Encode()))
	req.RemoteAddr = "127.0.0.1:5555"
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if user != "" {
		req.SetBasicAuth(user, pass)
	}
	w := httptest.NewRecorder()
	h.s.ServeHTTP(w, req)
	return response{Status: w.Code, Header: w.Header(), Body: w.Body.Bytes()}
}

func wantOAuthErr(t *testing.T, r response, code, desc string) {
	t.Helper()
	m := r.json(t)
	if r.Status != 400 || m["error"] != code || m["error_description"] != desc {
		t.Errorf("got %d %s, want 400 %s %q", r.Status, r.Body, code, desc)
	}
}

func s256(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func TestOAuthServerFlow(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.OAuthServer = OAuthServerConfig{Enabled: true, AuthorizationURLPath: "/oauth/consent", AllowDynamicRegistration: true}
	})
	const cb = "http://localhost:4000/callback"
	// A confidential client (admin API) and a public one (dynamic registration).
	r := h.do("POST", "/admin/oauth/clients", map[string]any{"client_name": "Notes", "redirect_uris": []string{cb}}, bearerH(serviceKey)...)
	if r.Status != 201 {
		t.Fatalf("register: %d %s", r.Status, r.Body)
	}
	conf := r.json(t)
	cid, secret := conf["client_id"].(string), conf["client_secret"].(string)
	r = h.do("POST", "/oauth/clients/register", map[string]any{"client_name": "CLI", "redirect_uris": []string{cb}, "token_endpoint_auth_method": "none"})
	if r.Status != 201 || r.json(t)["registration_type"] != "dynamic" || r.json(t)["client_secret"] != nil {
		t.Fatalf("dynamic registration: %d %s", r.Status, r.Body)
	}
	pub := r.json(t)["client_id"].(string)

	sess := h.signup("ada@example.com", "password-1", nil)
	tok := sess["access_token"].(string)
	verifier := strings.Repeat("v", 50)
	authorize := func(client, redirect, challenge, method string) response {
		q := url.Values{"client_id": {client}, "redirect_uri": {redirect}, "response_type": {"code"}, "scope": {"openid email"}, "state": {"st-1"}}
		if challenge != "" {
			q.Set("code_challenge", challenge)
			q.Set("code_challenge_method", method)
		}
		return h.do("GET", "/oauth/authorize?"+q.Encode(), nil)
	}
	authID := func(r response) string {
		t.Helper()
		loc, err := url.Parse(r.Header.Get("Location"))
		if r.Status != http.StatusFound || err != nil || loc.Path != "/oauth/consent" || !strings.HasPrefix(r.Header.Get("Location"), "http://127.0.0.1:3000/oauth/consent?") {
			t.Fatalf("authorize: %d %s %s", r.Status, r.Header.Get("Location"), r.Body)
		}
		return loc.Query().Get("authorization_id")
	}

	// Bad authorize requests.
	wantErr(t, authorize(cid, cb, "", ""), 400, "validation_failed", "PKCE flow requires both code_challenge and code_challenge_method")
	wantErr(t, authorize(cid, cb, "short", "S256"), 400, "validation_failed", "code_challenge must be between 43 and 128 characters")
	wantErr(t, authorize(cid, cb, s256(verifier), "md5"), 400, "validation_failed", "code_challenge_method must be 'S256' or 'plain'")
	wantErr(t, authorize(h.s.newID(), cb, s256(verifier), "S256"), 400, "oauth_client_not_found", "invalid client_id")
	wantErr(t, authorize(cid, "http://localhost:4000/other", s256(verifier), "S256"), 400, "validation_failed", "invalid redirect_uri")

	id := authID(authorize(cid, cb, s256(verifier), "S256"))
	// The consent page needs a signed-in user.
	if r := h.do("GET", "/oauth/authorizations/"+id, nil); r.Status < 400 {
		t.Fatalf("details without a session: %d %s", r.Status, r.Body)
	}
	r = h.do("GET", "/oauth/authorizations/"+id, nil, bearerH(tok)...)
	det := r.json(t)
	if r.Status != 200 || det["authorization_id"] != id || det["scope"] != "openid email" || det["redirect_uri"] != cb ||
		det["client"].(map[string]any)["name"] != "Notes" || det["user"].(map[string]any)["email"] != "ada@example.com" {
		t.Fatalf("details: %d %s", r.Status, r.Body)
	}
	wantErr(t, h.do("POST", "/oauth/authorizations/"+id+"/consent", map[string]any{"action": "maybe"}, bearerH(tok)...),
		400, "validation_failed", "action must be 'approve' or 'deny'")
	r = h.do("POST", "/oauth/authorizations/"+id+"/consent", map[string]any{"action": "approve"}, bearerH(tok)...)
	ru, err := url.Parse(r.json(t)["redirect_url"].(string))
	if r.Status != 200 || err != nil || ru.Query().Get("state") != "st-1" || ru.Query().Get("code") == "" || !strings.HasPrefix(ru.String(), cb+"?") {
		t.Fatalf("approve: %d %s", r.Status, r.Body)
	}
	code := ru.Query().Get("code")
	// The authorization is no longer pending.
	wantErr(t, h.do("POST", "/oauth/authorizations/"+id+"/consent", map[string]any{"action": "approve"}, bearerH(tok)...),
		400, "validation_failed", "authorization request cannot be processed")

	exchange := func(v url.Values, user, pass string) response {
		v.Set("grant_type", "authorization_code")
		return h.form("/oauth/token", v, user, pass)
	}
	wantOAuthErr(t, exchange(url.Values{"code": {code}, "code_verifier": {verifier}}, cid, "wrong"), "invalid_client", "invalid client credentials")
	wantOAuthErr(t, exchange(url.Values{"code": {code}, "code_verifier": {verifier}}, "", ""), "invalid_client", "Client authentication required")
	wantOAuthErr(t, exchange(url.Values{"code": {code}, "code_verifier": {verifier}, "client_id": {pub}}, "", ""), "invalid_grant", "Authorization code was not issued for this client")
	wantOAuthErr(t, exchange(url.Values{"code": {code}, "code_verifier": {"x" + verifier}}, cid, secret), "invalid_grant",
		"PKCE verification failed: code challenge does not match previously saved code verifier")
	wantOAuthErr(t, exchange(url.Values{"code": {code}, "code_verifier": {verifier}, "redirect_uri": {"http://localhost:4000/x"}}, cid, secret), "invalid_grant", "Invalid redirect_uri")
	// client_secret_post works as well as client_secret_basic.
	r = exchange(url.Values{"code": {code}, "code_verifier": {verifier}, "redirect_uri": {cb}, "client_id": {cid}, "client_secret": {secret}}, "", "")
	if r.Status != 200 {
		t.Fatalf("exchange: %d %s", r.Status, r.Body)
	}
	toks := r.json(t)
	if toks["user"] != nil || toks["token_type"] != "bearer" || toks["refresh_token"] == "" {
		t.Fatalf("token response: %s", r.Body)
	}
	claims := jwtClaims(t, toks["access_token"].(string))
	if claims["client_id"] != cid || claims["sub"] != sess["user"].(map[string]any)["id"] {
		t.Fatalf("claims %v", claims)
	}
	// A code is used once.
	wantOAuthErr(t, exchange(url.Values{"code": {code}, "code_verifier": {verifier}}, cid, secret), "invalid_grant", "Invalid authorization code")

	// Refresh: only the client holding the session may.
	rt := toks["refresh_token"].(string)
	wantOAuthErr(t, h.form("/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}, "client_id": {pub}}, "", ""), "invalid_grant", "Invalid refresh token")
	r = h.form("/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}}, cid, secret)
	if r.Status != 200 || jwtClaims(t, r.json(t)["access_token"].(string))["client_id"] != cid {
		t.Fatalf("refresh: %d %s", r.Status, r.Body)
	}
	wantOAuthErr(t, h.form("/oauth/token", url.Values{"grant_type": {"password"}}, cid, secret), "unsupported_grant_type", "Client is not allowed to use grant type: password")

	// A second authorization for scopes already granted is approved at once.
	id2 := authID(authorize(cid, cb, s256(verifier), "S256"))
	r = h.do("GET", "/oauth/authorizations/"+id2, nil, bearerH(tok)...)
	if u := r.json(t)["redirect_url"]; r.Status != 200 || u == nil || !strings.Contains(u.(string), "code=") {
		t.Fatalf("auto-approve: %d %s", r.Status, r.Body)
	}

	// Denying sends the client access_denied.
	id3 := authID(authorize(pub, cb, s256(verifier), "S256"))
	h.do("GET", "/oauth/authorizations/"+id3, nil, bearerH(tok)...)
	r = h.do("POST", "/oauth/authorizations/"+id3+"/consent", map[string]any{"action": "deny"}, bearerH(tok)...)
	if u := r.json(t)["redirect_url"].(string); !strings.Contains(u, "error=access_denied") || !strings.Contains(u, "state=st-1") {
		t.Fatalf("deny: %s", r.Body)
	}
	// Another user cannot read someone else's authorization.
	other := h.signup("bob@example.com", "password-1", nil)["access_token"].(string)
	id4 := authID(authorize(pub, cb, s256(verifier), "S256"))
	h.do("GET", "/oauth/authorizations/"+id4, nil, bearerH(tok)...)
	wantErr(t, h.do("GET", "/oauth/authorizations/"+id4, nil, bearerH(other)...), 404, "oauth_authorization_not_found", "authorization not found")

	// Grants: listed, then revoked with the client's sessions.
	r = h.do("GET", "/user/oauth/grants", nil, bearerH(tok)...)
	if r.Status != 200 || !strings.Contains(string(r.Body), `"scopes":["openid","email"]`) || !strings.Contains(string(r.Body), `"name":"Notes"`) {
		t.Fatalf("grants: %d %s", r.Status, r.Body)
	}
	if r := h.do("DELETE", "/user/oauth/grants?client_id="+cid, nil, bearerH(tok)...); r.Status != 204 {
		t.Fatalf("revoke: %d %s", r.Status, r.Body)
	}
	if n := *h.mustSQL(`select count(*) from auth.sessions where oauth_client_id is not null`)[0][0]; n != "0" {
		t.Fatalf("%s client sessions survive the revocation", n)
	}
	wantErr(t, h.do("DELETE", "/user/oauth/grants?client_id="+cid, nil, bearerH(tok)...), 404, "oauth_consent_not_found", "No active grant found for this client")
}

func TestOAuthServerDiscoveryAndSwitches(t *testing.T) {
	off := newHarness(t, nil)
	wantErr(t, off.do("GET", "/oauth/authorize?client_id=x", nil), 404, "feature_disabled", "OAuth server is disabled")
	wantErr(t, off.do("GET", "/.well-known/oauth-authorization-server", nil), 404, "feature_disabled", "OAuth server is disabled")

	h := newHarness(t, func(c *Config) { c.OAuthServer.Enabled = true })
	r := h.do("GET", "/.well-known/oauth-authorization-server", nil)
	m := r.json(t)
	if r.Status != 200 || m["issuer"] != "http://127.0.0.1:54321/auth/v1" || m["token_endpoint"] != "http://127.0.0.1:54321/auth/v1/oauth/token" ||
		m["authorization_endpoint"] != "http://127.0.0.1:54321/auth/v1/oauth/authorize" || m["registration_endpoint"] != nil {
		t.Fatalf("metadata: %d %s", r.Status, r.Body)
	}
	wantErr(t, h.do("POST", "/oauth/clients/register", map[string]any{"redirect_uris": []string{"http://localhost/cb"}}), 403,
		"oauth_dynamic_client_registration_disabled", "Dynamic client registration is not enabled")
}
