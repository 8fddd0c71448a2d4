package auth

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// The OAuth 2.1 authorization server ([auth.oauth_server] enabled), as
// GoTrue's oauthserver package serves it: GET /oauth/authorize stores a
// pending authorization and sends the browser to the site's consent page
// (authorization_url_path) with its authorization_id; the signed-in user's
// consent page reads and answers it through /oauth/authorizations/{id}
// (auth-js's supabase.auth.oauth.*); POST /oauth/token exchanges the code
// (PKCE) or a refresh token for tokens of a session the client holds.
// Authorizations and consents are rows in auth.oauth_authorizations and
// auth.oauth_consents, created on first use.

const (
	codeOAuthAuthorizationNotFound = "oauth_authorization_not_found"
	codeOAuthConsentNotFound       = "oauth_consent_not_found"
	// oauthAuthorizationExpiry bounds a pending authorization and its code.
	oauthAuthorizationExpiry = 10 * time.Minute
	// oauthDefaultScope is GoTrue's GOTRUE_OAUTH_SERVER_DEFAULT_SCOPE.
	oauthDefaultScope = "email"
)

const oauthServerDDL = `CREATE TABLE IF NOT EXISTS auth.oauth_authorizations (
    id uuid PRIMARY KEY,
    authorization_id text NOT NULL UNIQUE,
    client_id uuid NOT NULL REFERENCES auth.oauth_clients(id) ON DELETE CASCADE,
    user_id uuid REFERENCES auth.users(id) ON DELETE CASCADE,
    redirect_uri text NOT NULL,
    scope text NOT NULL,
    state text,
    code_challenge text,
    code_challenge_method text,
    status text NOT NULL,
    authorization_code text UNIQUE,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    approved_at timestamptz
);
CREATE TABLE IF NOT EXISTS auth.oauth_consents (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
    client_id uuid NOT NULL REFERENCES auth.oauth_clients(id) ON DELETE CASCADE,
    scopes text NOT NULL,
    granted_at timestamptz NOT NULL,
    revoked_at timestamptz
)`

// oauthOn is oauthServerOn with the server's tables in place.
func (s *Server) oauthOn(h handlerFunc) handlerFunc {
	return s.oauthServerOn(func(w http.ResponseWriter, r *http.Request) error {
		if err := s.ensureOAuthTables(r); err != nil {
			return err
		}
		return h(w, r)
	})
}

// ensureOAuthTables creates the authorization and consent tables once
// per server; a failure is retried on the next request.
func (s *Server) ensureOAuthTables(r *http.Request) error {
	s.oauthMu.Lock()
	defer s.oauthMu.Unlock()
	if s.oauthTables {
		return nil
	}
	err := s.tx(ctxOf(r), func(t *txn) error {
		for _, q := range strings.Split(oauthServerDDL, ";\n") {
			if _, err := t.exec(q); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return internalError(err, "Database error preparing the OAuth server")
	}
	s.oauthTables = true
	return nil
}

// oauthAuthorization is one auth.oauth_authorizations row.
type oauthAuthorization struct {
	ID, AuthorizationID, ClientID, UserID, RedirectURI, Scope, State string
	CodeChallenge, CodeChallengeMethod, Status, Code                 string
	ExpiresAt                                                        time.Time
}

const oauthAuthorizationCols = `id, authorization_id, client_id, coalesce(user_id::text, ''), redirect_uri, scope, coalesce(state, ''),
 coalesce(code_challenge, ''), coalesce(code_challenge_method, ''), status, coalesce(authorization_code, ''), expires_at`

func scanOAuthAuthorization(r []*string) *oauthAuthorization {
	a := &oauthAuthorization{ID: str(r[0]), AuthorizationID: str(r[1]), ClientID: str(r[2]), UserID: str(r[3]), RedirectURI: str(r[4]),
		Scope: str(r[5]), State: str(r[6]), CodeChallenge: str(r[7]), CodeChallengeMethod: str(r[8]), Status: str(r[9]), Code: str(r[10])}
	if t := parseTime(r[11]); t != nil {
		a.ExpiresAt = *t
	}
	return a
}

// oauthClientByID is a live client, or nil.
func (t *txn) oauthClientByID(id string) (*oauthClient, error) {
	if !isUUID(id) {
		return nil, nil
	}
	rows, err := t.query("select "+oauthClientCols+" from auth.oauth_clients where id = $1::uuid and deleted_at is null", id)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return scanOAuthClient(rows[0]), nil
}

// oauthAuthorize is GET /oauth/authorize: checks the client, its redirect
// URI and the PKCE challenge, stores a pending authorization and
// redirects (302) to site_url + authorization_url_path?authorization_id=.
func (s *Server) oauthAuthorize(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	clientID, redirectURI, responseType, scope := q.Get("client_id"), q.Get("redirect_uri"), q.Get("response_type"), q.Get("scope")
	challenge, method := q.Get("code_challenge"), q.Get("code_challenge_method")
	switch {
	case clientID == "":
		return badRequest(codeValidationFailed, "client_id is required")
	case redirectURI == "":
		return badRequest(codeValidationFailed, "redirect_uri is required")
	}
	if responseType == "" {
		responseType = "code"
	}
	if scope == "" {
		scope = oauthDefaultScope
	}
	if responseType != "code" {
		return badRequest(codeValidationFailed, "Only response_type=code is supported")
	}
	if challenge == "" || method == "" {
		return badRequest(codeValidationFailed, "PKCE flow requires both code_challenge and code_challenge_method")
	}
	if m := strings.ToLower(method); m != "s256" && m != "plain" {
		return badRequest(codeValidationFailed, "code_challenge_method must be 'S256' or 'plain'")
	}
	if len(challenge) < 43 || len(challenge) > 128 {
		return badRequest(codeValidationFailed, "code_challenge must be between 43 and 128 characters")
	}
	a := &oauthAuthorization{ID: s.newID(), AuthorizationID: s.alphanumeric(32), ClientID: clientID, RedirectURI: redirectURI,
		Scope: scope, State: q.Get("state"), CodeChallenge: challenge, CodeChallengeMethod: strings.ToLower(method), Status: "pending"}
	now := s.nowUTC()
	a.ExpiresAt = now.Add(oauthAuthorizationExpiry)
	err := s.tx(ctxOf(r), func(t *txn) error {
		c, err := t.oauthClientByID(clientID)
		if err != nil {
			return internalError(err, "error validating client")
		}
		if c == nil {
			return badRequest(codeOAuthClientNotFound, "invalid client_id")
		}
		if !slices.Contains(c.RedirectURIs, redirectURI) {
			return badRequest(codeValidationFailed, "invalid redirect_uri")
		}
		if _, err := t.exec(`insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope, state,
 code_challenge, code_challenge_method, status, created_at, expires_at)
 values ($1::uuid, $2, $3::uuid, $4, $5, $6, $7, $8, 'pending', $9::timestamptz, $10::timestamptz)`,
			a.ID, a.AuthorizationID, a.ClientID, a.RedirectURI, a.Scope, nullIfEmpty(a.State), a.CodeChallenge, a.CodeChallengeMethod,
			pgTime(now), pgTime(a.ExpiresAt)); err != nil {
			return internalError(err, "error creating authorization")
		}
		return nil
	})
	if err != nil {
		return err
	}
	path := s.cfg.OAuthServer.AuthorizationURLPath
	if path == "" {
		return internalError(nil, "oauth authorization path not configured")
	}
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	http.Redirect(w, r, strings.TrimRight(s.cfg.SiteURL, "/")+path+"?authorization_id="+url.QueryEscape(a.AuthorizationID), http.StatusFound)
	return nil
}

// findAuthorization is validateAndFindAuthorization: a pending,
// unexpired authorization (an expired one is marked so and not found).
func (s *Server) findAuthorization(t *txn, id string) (*oauthAuthorization, error) {
	if id == "" {
		return nil, badRequest(codeValidationFailed, "authorization_id is required")
	}
	rows, err := t.query("select "+oauthAuthorizationCols+" from auth.oauth_authorizations where authorization_id = $1", id)
	if err != nil {
		return nil, internalError(err, "error finding authorization")
	}
	if len(rows) == 0 {
		return nil, notFound(codeOAuthAuthorizationNotFound, "authorization not found")
	}
	a := scanOAuthAuthorization(rows[0])
	if s.now().After(a.ExpiresAt) {
		if a.Status == "pending" {
			if _, err := t.exec(`update auth.oauth_authorizations set status = 'expired' where id = $1::uuid`, a.ID); err != nil {
				return nil, internalError(err, "error finding authorization")
			}
		}
		return nil, &commitWithError{notFound(codeOAuthAuthorizationNotFound, "authorization not found")}
	}
	if a.Status != "pending" {
		return nil, badRequest(codeValidationFailed, "authorization request cannot be processed")
	}
	return a, nil
}

// oauthUser is the signed-in user of the consent API.
func (s *Server) oauthUser(r *http.Request, t *txn) (*user, error) {
	a, err := s.requireAuth(r, t)
	if err != nil {
		return nil, err
	}
	return a.user, nil
}

// authorizationDetails is GET /oauth/authorizations/{authorization_id}:
// binds the authorization to the signed-in user and answers what the
// consent page shows, or, when the user already consented to these
// scopes, approves at once and answers the client's redirect URL.
func (s *Server) authorizationDetails(w http.ResponseWriter, r *http.Request) error {
	var out any
	err := s.tx(ctxOf(r), func(t *txn) error {
		u, err := s.oauthUser(r, t)
		if err != nil {
			return err
		}
		a, err := s.findAuthorization(t, r.PathValue("authorization_id"))
		if err != nil {
			return err
		}
		if a.UserID == "" {
			if _, err := t.exec(`update auth.oauth_authorizations set user_id = $2::uuid where id = $1::uuid`, a.ID, u.ID); err != nil {
				return internalError(err, "error setting user and checking consent")
			}
			a.UserID = u.ID
			granted, err := t.consentScopes(u.ID, a.ClientID)
			if err != nil {
				return internalError(err, "error setting user and checking consent")
			}
			if granted != nil && coversScopes(granted, a.Scope) {
				url, err := s.approve(t, a)
				if err != nil {
					return err
				}
				out = map[string]string{"redirect_url": url}
				return nil
			}
		} else if a.UserID != u.ID {
			return notFound(codeOAuthAuthorizationNotFound, "authorization not found")
		}
		c, err := t.oauthClientByID(a.ClientID)
		if err != nil || c == nil {
			return internalError(err, "error finding client")
		}
		out = map[string]any{
			"authorization_id": a.AuthorizationID,
			"redirect_uri":     a.RedirectURI,
			"client":           map[string]string{"id": c.ID, "name": c.Name, "uri": c.URI, "logo_uri": c.LogoURI},
			"user":             map[string]string{"id": u.ID, "email": u.Email},
			"scope":            a.Scope,
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, out)
	return nil
}

// approve marks an authorization approved with a fresh code and returns
// the client's redirect URL carrying it.
func (s *Server) approve(t *txn, a *oauthAuthorization) (string, error) {
	a.Code = s.alphanumeric(32)
	now := s.nowUTC()
	if _, err := t.exec(`update auth.oauth_authorizations set status = 'approved', authorization_code = $2, approved_at = $3::timestamptz where id = $1::uuid`,
		a.ID, a.Code, pgTime(now)); err != nil {
		return "", internalError(err, "error approving authorization")
	}
	return redirectWith(a.RedirectURI, map[string]string{"code": a.Code, "state": a.State}), nil
}

// redirectWith adds params (the empty ones left out) to a redirect URI.
func redirectWith(uri string, params map[string]string) string {
	u, err := url.Parse(uri)
	if err != nil {
		return uri
	}
	q := u.Query()
	for k, v := range params {
		if v != "" {
			q.Set(k, v)
		}
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// consentScopes are the scopes the user granted the client (nil when no
// active consent exists).
func (t *txn) consentScopes(userID, clientID string) ([]string, error) {
	rows, err := t.query(`select scopes from auth.oauth_consents where user_id = $1::uuid and client_id = $2::uuid and revoked_at is null`, userID, clientID)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return strings.Fields(str(rows[0][0])), nil
}

func coversScopes(granted []string, requested string) bool {
	for _, sc := range strings.Fields(requested) {
		if !slices.Contains(granted, sc) {
			return false
		}
	}
	return true
}

// authorizationConsent is POST /oauth/authorizations/{authorization_id}/consent
// {"action": "approve" | "deny"}: the redirect URL with the code (and the
// consent remembered), or with error=access_denied.
func (s *Server) authorizationConsent(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Action string `json:"action"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&body); err != nil {
		return badRequest(codeBadJSON, "invalid JSON body")
	}
	if body.Action != "approve" && body.Action != "deny" {
		return badRequest(codeValidationFailed, "action must be 'approve' or 'deny'")
	}
	var redirect string
	err := s.tx(ctxOf(r), func(t *txn) error {
		u, err := s.oauthUser(r, t)
		if err != nil {
			return err
		}
		a, err := s.findAuthorization(t, r.PathValue("authorization_id"))
		if err != nil {
			return err
		}
		if a.UserID != u.ID {
			return notFound(codeOAuthAuthorizationNotFound, "authorization not found")
		}
		if body.Action == "deny" {
			if _, err := t.exec(`update auth.oauth_authorizations set status = 'denied' where id = $1::uuid`, a.ID); err != nil {
				return internalError(err, "error denying authorization")
			}
			redirect = redirectWith(a.RedirectURI, map[string]string{"error": "access_denied", "error_description": "User denied the request", "state": a.State})
			return nil
		}
		if redirect, err = s.approve(t, a); err != nil {
			return err
		}
		granted, err := t.consentScopes(u.ID, a.ClientID)
		if err != nil {
			return internalError(err, "error storing consent")
		}
		scopes := strings.Fields(a.Scope)
		for _, sc := range granted {
			if !slices.Contains(scopes, sc) {
				scopes = append(scopes, sc)
			}
		}
		if _, err := t.exec(`delete from auth.oauth_consents where user_id = $1::uuid and client_id = $2::uuid`, u.ID, a.ClientID); err != nil {
			return internalError(err, "error storing consent")
		}
		if _, err := t.exec(`insert into auth.oauth_consents (id, user_id, client_id, scopes, granted_at) values ($1::uuid, $2::uuid, $3::uuid, $4, $5::timestamptz)`,
			s.newID(), u.ID, a.ClientID, strings.Join(scopes, " "), pgTime(s.nowUTC())); err != nil {
			return internalError(err, "error storing consent")
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, map[string]string{"redirect_url": redirect})
	return nil
}

// oauthRegister is POST /oauth/clients/register: dynamic client
// registration (RFC 7591) when allow_dynamic_registration is on.
func (s *Server) oauthRegister(w http.ResponseWriter, r *http.Request) error {
	if !s.cfg.OAuthServer.AllowDynamicRegistration {
		return forbidden(codeDynamicRegDisabled, "Dynamic client registration is not enabled")
	}
	return s.registerOAuthClient(w, r, "dynamic")
}

// oauthMetadata is GET /.well-known/oauth-authorization-server (RFC 8414).
func (s *Server) oauthMetadata(w http.ResponseWriter, r *http.Request) error {
	issuer := strings.TrimSuffix(s.cfg.Issuer(), "/")
	if issuer == "" {
		return internalError(nil, "Issuer is not set")
	}
	m := map[string]any{
		"issuer":                                issuer,
		"authorization_endpoint":                issuer + "/oauth/authorize",
		"token_endpoint":                        issuer + "/oauth/token",
		"jwks_uri":                              issuer + "/.well-known/jwks.json",
		"response_types_supported":              []string{"code"},
		"response_modes_supported":              []string{"query"},
		"grant_types_supported":                 []string{"authorization_code", "refresh_token"},
		"token_endpoint_auth_methods_supported": []string{"client_secret_basic", "client_secret_post", "none"},
		"code_challenge_methods_supported":      []string{"S256", "plain"},
	}
	if s.cfg.OAuthServer.AllowDynamicRegistration {
		m["registration_endpoint"] = issuer + "/oauth/clients/register"
	}
	sendJSON(w, http.StatusOK, m)
	return nil
}

// listGrants is GET /user/oauth/grants: the clients the user consented
// to, with their scopes.
func (s *Server) listGrants(w http.ResponseWriter, r *http.Request) error {
	out := []map[string]any{}
	err := s.read(ctxOf(r), func(t *txn) error {
		u, err := s.oauthUser(r, t)
		if err != nil {
			return err
		}
		rows, err := t.query(`select c.id, coalesce(c.client_name, ''), coalesce(c.client_uri, ''), coalesce(c.logo_uri, ''), o.scopes, o.granted_at
 from auth.oauth_consents o join auth.oauth_clients c on c.id = o.client_id
 where o.user_id = $1::uuid and o.revoked_at is null and c.deleted_at is null order by o.granted_at desc`, u.ID)
		if err != nil {
			return internalError(err, "Error fetching OAuth grants")
		}
		for _, row := range rows {
			g := map[string]any{"client": map[string]string{"id": str(row[0]), "name": str(row[1]), "uri": str(row[2]), "logo_uri": str(row[3])},
				"scopes": strings.Fields(str(row[4]))}
			if t := parseTime(row[5]); t != nil {
				g["granted_at"] = t.UTC().Format(time.RFC3339)
			}
			out = append(out, g)
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, out)
	return nil
}

// revokeGrant is DELETE /user/oauth/grants?client_id=: the consent is
// revoked and the client's sessions for the user end.
func (s *Server) revokeGrant(w http.ResponseWriter, r *http.Request) error {
	clientID := r.URL.Query().Get("client_id")
	if clientID == "" {
		return badRequest(codeValidationFailed, "client_id is required")
	}
	if !isUUID(clientID) {
		return badRequest(codeValidationFailed, "invalid client_id format")
	}
	err := s.tx(ctxOf(r), func(t *txn) error {
		u, err := s.oauthUser(r, t)
		if err != nil {
			return err
		}
		n, err := t.exec(`update auth.oauth_consents set revoked_at = $3::timestamptz where user_id = $1::uuid and client_id = $2::uuid and revoked_at is null`,
			u.ID, clientID, pgTime(s.nowUTC()))
		if err != nil {
			return internalError(err, "Error revoking grant")
		}
		if n == 0 {
			return notFound(codeOAuthConsentNotFound, "No active grant found for this client")
		}
		if _, err := t.exec(`delete from auth.sessions where user_id = $1::uuid and oauth_client_id = $2::uuid`, u.ID, clientID); err != nil {
			return internalError(err, "Error revoking grant")
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
