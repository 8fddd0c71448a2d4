package auth

import (
	"testing"
)

// TestOAuthClientsAdmin: auth.admin.oauth createClient, getClient,
// listClients, updateClient, regenerateClientSecret and deleteClient.
func TestOAuthClientsAdmin(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.OAuthServer.Enabled = true })
	admin := bearerH(serviceKey)

	r := h.do("POST", "/admin/oauth/clients", map[string]any{"client_name": "App", "redirect_uris": []string{"https://example.com/cb", "http://localhost:3000/cb"}}, admin...)
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	c := r.json(t)
	id, secret := c["client_id"].(string), c["client_secret"].(string)
	if !isUUID(id) || len(secret) != 43 || c["client_type"] != "confidential" || c["token_endpoint_auth_method"] != "client_secret_basic" ||
		c["registration_type"] != "manual" || len(c["grant_types"].([]any)) != 2 || c["response_types"].([]any)[0] != "code" ||
		len(c["redirect_uris"].([]any)) != 2 {
		t.Errorf("create response: %s", r.Body)
	}
	r = h.do("GET", "/admin/oauth/clients/"+id, nil, admin...)
	if g := r.json(t); r.Status != 200 || g["client_id"] != id || g["client_secret"] != nil || g["client_name"] != "App" {
		t.Errorf("get: %d %s", r.Status, r.Body)
	}
	r = h.do("PUT", "/admin/oauth/clients/"+id, map[string]any{"logo_uri": "https://example.com/logo.png"}, admin...)
	if u := r.json(t); r.Status != 200 || u["logo_uri"] != "https://example.com/logo.png" || u["client_name"] != "App" {
		t.Errorf("update: %d %s", r.Status, r.Body)
	}
	wantErr(t, h.do("PUT", "/admin/oauth/clients/"+id, map[string]any{}, admin...), 400, "validation_failed", "No fields provided for update")
	r = h.do("POST", "/admin/oauth/clients/"+id+"/regenerate_secret", nil, admin...)
	if g := r.json(t); r.Status != 200 || g["client_secret"] == secret || g["client_secret"] == nil {
		t.Errorf("regenerate: %d %s", r.Status, r.Body)
	}
	h.clock.advance(1e9)
	pub := h.do("POST", "/admin/oauth/clients", map[string]any{"redirect_uris": []string{"myapp://cb"}, "token_endpoint_auth_method": "none"}, admin...).json(t)
	if pub["client_type"] != "public" || pub["client_secret"] != nil {
		t.Errorf("public client: %v", pub)
	}
	wantErr(t, h.do("POST", "/admin/oauth/clients/"+pub["client_id"].(string)+"/regenerate_secret", nil, admin...), 400, "validation_failed", "Cannot regenerate secret for public client")

	r = h.do("GET", "/admin/oauth/clients", nil, admin...)
	if l, _ := r.json(t)["clients"].([]any); len(l) != 2 || l[0].(map[string]any)["client_id"] != pub["client_id"] {
		t.Errorf("list (newest first): %s", r.Body)
	}
	if r = h.do("DELETE", "/admin/oauth/clients/"+id, nil, admin...); r.Status != 204 {
		t.Errorf("delete: %d %s", r.Status, r.Body)
	}
	wantErr(t, h.do("GET", "/admin/oauth/clients/"+id, nil, admin...), 404, "oauth_client_not_found", "OAuth client not found")
	wantErr(t, h.do("GET", "/admin/oauth/clients/nope", nil, admin...), 400, "validation_failed", "invalid client_id format")

	// Validation: GoTrue wraps the inner error's text in a new 400.
	wantErr(t, h.do("POST", "/admin/oauth/clients", map[string]any{"client_name": "x", "redirect_uris": []string{}}, admin...), 400, "validation_failed", "400: redirect_uris is required")
	wantErr(t, h.do("POST", "/admin/oauth/clients", map[string]any{"redirect_uris": []string{"http://example.com/cb"}}, admin...), 400, "validation_failed",
		"400: invalid redirect_uri 'http://example.com/cb': HTTP scheme only allowed for localhost")
	wantErr(t, h.do("POST", "/admin/oauth/clients", map[string]any{"redirect_uris": []string{"https://a/cb"}, "client_type": "public", "token_endpoint_auth_method": "client_secret_post"}, admin...),
		400, "validation_failed", "400: client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')")

	// Only the service role, and only with the OAuth server on.
	wantErr(t, h.do("GET", "/admin/oauth/clients", nil), 403, "not_admin", "User not allowed")
	off := newHarness(t, nil)
	wantErr(t, off.do("GET", "/admin/oauth/clients", nil, admin...), 404, "feature_disabled", "OAuth server is disabled")
}
