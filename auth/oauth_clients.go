package auth

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// The OAuth 2.1 server's client registry ([auth.oauth_server]): rows in
// auth.oauth_clients, managed through /admin/oauth/clients as GoTrue's
// oauthserver package does. Secrets are stored as their SHA-256 and shown
// once, on registration and regeneration.

const (
	codeOAuthClientNotFound = "oauth_client_not_found"
	codeDynamicRegDisabled  = "oauth_dynamic_client_registration_disabled"
)

var oauthAuthMethods = []string{"none", "client_secret_basic", "client_secret_post"}

// oauthClient is one auth.oauth_clients row.
type oauthClient struct {
	ID, SecretHash, RegistrationType, ClientType, AuthMethod string
	RedirectURIs, GrantTypes                                 []string
	Name, URI, LogoURI                                       string
	CreatedAt, UpdatedAt                                     time.Time
}

// oauthClientJSON is OAuthServerClientResponse.
type oauthClientJSON struct {
	ClientID                string    `json:"client_id"`
	ClientSecret            string    `json:"client_secret,omitempty"`
	ClientType              string    `json:"client_type"`
	RedirectURIs            []string  `json:"redirect_uris,omitempty"`
	TokenEndpointAuthMethod string    `json:"token_endpoint_auth_method,omitempty"`
	GrantTypes              []string  `json:"grant_types,omitempty"`
	ResponseTypes           []string  `json:"response_types,omitempty"`
	ClientName              string    `json:"client_name,omitempty"`
	ClientURI               string    `json:"client_uri,omitempty"`
	LogoURI                 string    `json:"logo_uri,omitempty"`
	RegistrationType        string    `json:"registration_type,omitempty"`
	CreatedAt               time.Time `json:"created_at,omitempty"`
	UpdatedAt               time.Time `json:"updated_at,omitempty"`
}

func (c *oauthClient) json(secret string) oauthClientJSON {
	return oauthClientJSON{
		ClientID: c.ID, ClientSecret: secret, ClientType: c.ClientType, RedirectURIs: c.RedirectURIs,
		TokenEndpointAuthMethod: c.AuthMethod, GrantTypes: c.GrantTypes, ResponseTypes: []string{"code"},
		ClientName: c.Name, ClientURI: c.URI, LogoURI: c.LogoURI, RegistrationType: c.RegistrationType,
		CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
	}
}

const oauthClientCols = `id, coalesce(client_secret_hash, ''), registration_type::text, client_type::text, token_endpoint_auth_method,
 redirect_uris, grant_types, coalesce(client_name, ''), coalesce(client_uri, ''), coalesce(logo_uri, ''), created_at, updated_at`

func splitList(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

func scanOAuthClient(r []*string) *oauthClient {
	c := &oauthClient{ID: str(r[0]), SecretHash: str(r[1]), RegistrationType: str(r[2]), ClientType: str(r[3]), AuthMethod: str(r[4]),
		RedirectURIs: splitList(str(r[5])), GrantTypes: splitList(str(r[6])), Name: str(r[7]), URI: str(r[8]), LogoURI: str(r[9])}
	if t := parseTime(r[10]); t != nil {
		c.CreatedAt = *t
	}
	if t := parseTime(r[11]); t != nil {
		c.UpdatedAt = *t
	}
	return c
}

// oauthServerOn is requireOAuthServerEnabled.
func (s *Server) oauthServerOn(h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if !s.cfg.OAuthServer.Enabled {
			return notFound(codeFeatureDisabled, "OAuth server is disabled")
		}
		return h(w, r)
	}
}

// loadOAuthClient is LoadOAuthServerClient: a live (not deleted) client.
func (t *txn) loadOAuthClient(r *http.Request) (*oauthClient, error) {
	id := r.PathValue("client_id")
	if id == "" {
		return nil, badRequest(codeValidationFailed, "client_id is required")
	}
	if !isUUID(id) {
		return nil, badRequest(codeValidationFailed, "invalid client_id format")
	}
	rows, err := t.query("select "+oauthClientCols+" from auth.oauth_clients where id = $1::uuid and deleted_at is null", id)
	if err != nil {
		return nil, dbError(err, "Error loading OAuth client")
	}
	if len(rows) == 0 {
		return nil, notFound(codeOAuthClientNotFound, "OAuth client not found")
	}
	return scanOAuthClient(rows[0]), nil
}

// validateRedirectURI is the oauthserver's RFC 6749 §3.1.2 check.
func validateRedirectURI(uri string) error {
	if uri == "" {
		return fmt.Errorf("redirect URI cannot be empty")
	}
	u, err := url.Parse(uri)
	if err != nil {
		return fmt.Errorf("invalid URL format")
	}
	if u.Scheme == "" || u.Host == "" {
		return fmt.Errorf("must have scheme and host")
	}
	for _, d := range []string{"javascript", "data", "file", "vbscript", "about", "blob"} {
		if strings.EqualFold(u.Scheme, d) {
			return fmt.Errorf("scheme '%s' is not allowed for security reasons", u.Scheme)
		}
	}
	if u.Scheme == "http" {
		if h := u.Hostname(); h != "localhost" && h != "127.0.0.1" && h != "::1" {
			return fmt.Errorf("HTTP scheme only allowed for localhost")
		}
	}
	if u.Fragment != "" {
		return fmt.Errorf("fragment not allowed in redirect URI")
	}
	return nil
}

func validateRedirectURIs(uris []string, required bool) error {
	if required && len(uris) == 0 {
		return badRequest(codeValidationFailed, "redirect_uris is required")
	}
	if len(uris) == 0 {
		return badRequest(codeValidationFailed, "redirect_uris cannot be empty")
	}
	if len(uris) > 10 {
		return badRequest(codeValidationFailed, "redirect_uris cannot exceed 10 items")
	}
	for _, u := range uris {
		if err := validateRedirectURI(u); err != nil {
			return badRequest(codeValidationFailed, "invalid redirect_uri '%s': %v", u, err)
		}
	}
	return nil
}

func validateGrantTypes(gs []string) error {
	if len(gs) == 0 {
		return badRequest(codeValidationFailed, "grant_types cannot be empty")
	}
	for _, g := range gs {
		if g != "authorization_code" && g != "refresh_token" {
			return badRequest(codeValidationFailed, "grant_types must only contain 'authorization_code' and/or 'refresh_token'")
		}
	}
	return nil
}

func validateClientURIs(name, uri, logo string) error {
	if len(name) > 1024 {
		return badRequest(codeValidationFailed, "client_name cannot exceed 1024 characters")
	}
	for _, f := range []struct{ key, v string }{{"client_uri", uri}, {"logo_uri", logo}} {
		if f.v == "" {
			continue
		}
		if len(f.v) > 2048 {
			return badRequest(codeValidationFailed, "%s cannot exceed 2048 characters", f.key)
		}
		if _, err := url.ParseRequestURI(f.v); err != nil {
			return badRequest(codeValidationFailed, "%s must be a valid URL", f.key)
		}
	}
	return nil
}

// clientTypeFor is InferClientTypeFromAuthMethod.
func clientTypeFor(method string) string {
	if method == "none" {
		return "public"
	}
	return "confidential"
}

// newClientSecret is 32 random bytes, base64url; only its SHA-256 is kept.
func (s *Server) newClientSecret() (secret, hash string) {
	var b [32]byte
	s.fill(b[:])
	secret = base64.RawURLEncoding.EncodeToString(b[:])
	sum := sha256.Sum256([]byte(secret))
	return secret, base64.RawURLEncoding.EncodeToString(sum[:])
}

// adminCreateOAuthClient is POST /admin/oauth/clients (manual
// registration): 201 with the secret of a confidential client. GoTrue
// wraps a validation failure's text ("400: ...") in a new 400.
func (s *Server) adminCreateOAuthClient(w http.ResponseWriter, r *http.Request) error {
	return s.registerOAuthClient(w, r, "manual")
}

// registerOAuthClient registers a client (registration type "manual" or
// "dynamic") from the request body.
func (s *Server) registerOAuthClient(w http.ResponseWriter, r *http.Request, regType string) error {
	var p struct {
		RedirectURIs            []string `json:"redirect_uris"`
		ClientType              string   `json:"client_type"`
		TokenEndpointAuthMethod string   `json:"token_endpoint_auth_method"`
		GrantTypes              []string `json:"grant_types"`
		ClientName              string   `json:"client_name"`
		ClientURI               string   `json:"client_uri"`
		LogoURI                 string   `json:"logo_uri"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&p); err != nil {
		return badRequest(codeBadJSON, "Invalid JSON body")
	}
	wrap := func(err error) error { return badRequest(codeValidationFailed, "%s", err.Error()) }
	if err := validateRedirectURIs(p.RedirectURIs, true); err != nil {
		return wrap(err)
	}
	if len(p.GrantTypes) > 0 {
		if err := validateGrantTypes(p.GrantTypes); err != nil {
			return wrap(err)
		}
	}
	if err := validateClientURIs(p.ClientName, p.ClientURI, p.LogoURI); err != nil {
		return wrap(err)
	}
	if p.ClientType != "" && p.ClientType != "public" && p.ClientType != "confidential" {
		return wrap(badRequest(codeValidationFailed, "client_type must be 'public' or 'confidential'"))
	}
	if p.TokenEndpointAuthMethod != "" && !slices.Contains(oauthAuthMethods, p.TokenEndpointAuthMethod) {
		return wrap(badRequest(codeValidationFailed, "token_endpoint_auth_method must be one of: [%s]", strings.Join(oauthAuthMethods, " ")))
	}
	if p.ClientType != "" && p.TokenEndpointAuthMethod != "" && p.ClientType != clientTypeFor(p.TokenEndpointAuthMethod) {
		return wrap(badRequest(codeValidationFailed, "client_type '%s' is inconsistent with token_endpoint_auth_method '%s' (expected client_type '%s')",
			p.ClientType, p.TokenEndpointAuthMethod, clientTypeFor(p.TokenEndpointAuthMethod)))
	}
	c := &oauthClient{ID: s.newID(), RegistrationType: regType, ClientType: p.ClientType, AuthMethod: p.TokenEndpointAuthMethod,
		RedirectURIs: p.RedirectURIs, GrantTypes: p.GrantTypes, Name: p.ClientName, URI: p.ClientURI, LogoURI: p.LogoURI}
	if len(c.GrantTypes) == 0 {
		c.GrantTypes = []string{"authorization_code", "refresh_token"}
	}
	if c.ClientType == "" {
		c.ClientType = "confidential"
		if c.AuthMethod != "" {
			c.ClientType = clientTypeFor(c.AuthMethod)
		}
	}
	if c.AuthMethod == "" {
		c.AuthMethod = "client_secret_basic"
		if c.ClientType == "public" {
			c.AuthMethod = "none"
		}
	}
	var secret string
	if c.ClientType == "confidential" {
		secret, c.SecretHash = s.newClientSecret()
	}
	now := s.nowUTC()
	c.CreatedAt, c.UpdatedAt = now, now
	err := s.tx(ctxOf(r), func(t *txn) error {
		_, err := t.exec(`insert into auth.oauth_clients (id, client_secret_hash, registration_type, redirect_uris, grant_types, client_name,
 client_uri, logo_uri, created_at, updated_at, client_type, token_endpoint_auth_method)
 values ($1::uuid, $2, $3::auth.oauth_registration_type, $4, $5, $6, $7, $8, $9::timestamptz, $9::timestamptz, $10::auth.oauth_client_type, $11)`,
			c.ID, nullIfEmpty(c.SecretHash), c.RegistrationType, strings.Join(c.RedirectURIs, ","), strings.Join(c.GrantTypes, ","),
			nullIfEmpty(c.Name), nullIfEmpty(c.URI), nullIfEmpty(c.LogoURI), pgTime(now), c.ClientType, c.AuthMethod)
		if err != nil {
			return internalError(err, "failed to create OAuth client")
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusCreated, c.json(secret))
	return nil
}

// adminListOAuthClients is GET /admin/oauth/clients: every live client,
// newest first (GoTrue does not page this list yet).
func (s *Server) adminListOAuthClients(w http.ResponseWriter, r *http.Request) error {
	var out []oauthClientJSON
	err := s.read(ctxOf(r), func(t *txn) error {
		rows, err := t.query("select " + oauthClientCols + " from auth.oauth_clients where deleted_at is null order by created_at desc")
		if err != nil {
			return dbError(err, "Error listing OAuth clients")
		}
		for _, row := range rows {
			out = append(out, scanOAuthClient(row).json(""))
		}
		return nil
	})
	if err != nil {
		return err
	}
	body := map[string]any{}
	if len(out) > 0 {
		body["clients"] = out
	}
	sendJSON(w, http.StatusOK, body)
	return nil
}

// adminGetOAuthClient is GET /admin/oauth/clients/{client_id}.
func (s *Server) adminGetOAuthClient(w http.ResponseWriter, r *http.Request) error {
	var c *oauthClient
	err := s.read(ctxOf(r), func(t *txn) (err error) {
		c, err = t.loadOAuthClient(r)
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, c.json(""))
	return nil
}

// adminUpdateOAuthClient is PUT /admin/oauth/clients/{client_id}: the
// fields present change.
func (s *Server) adminUpdateOAuthClient(w http.ResponseWriter, r *http.Request) error {
	var p struct {
		RedirectURIs            *[]string `json:"redirect_uris"`
		GrantTypes              *[]string `json:"grant_types"`
		ClientName              *string   `json:"client_name"`
		ClientURI               *string   `json:"client_uri"`
		LogoURI                 *string   `json:"logo_uri"`
		TokenEndpointAuthMethod *string   `json:"token_endpoint_auth_method"`
	}
	var c *oauthClient
	err := s.tx(ctxOf(r), func(t *txn) (err error) {
		if c, err = t.loadOAuthClient(r); err != nil {
			return err
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&p); err != nil {
			return badRequest(codeBadJSON, "Invalid JSON body")
		}
		if p.RedirectURIs == nil && p.GrantTypes == nil && p.ClientName == nil && p.ClientURI == nil && p.LogoURI == nil && p.TokenEndpointAuthMethod == nil {
			return badRequest(codeValidationFailed, "No fields provided for update")
		}
		if p.RedirectURIs != nil {
			if err := validateRedirectURIs(*p.RedirectURIs, false); err != nil {
				return err
			}
			c.RedirectURIs = *p.RedirectURIs
		}
		if p.GrantTypes != nil {
			if err := validateGrantTypes(*p.GrantTypes); err != nil {
				return err
			}
			c.GrantTypes = *p.GrantTypes
		}
		set := func(dst *string, v *string) {
			if v != nil {
				*dst = *v
			}
		}
		set(&c.Name, p.ClientName)
		set(&c.URI, p.ClientURI)
		set(&c.LogoURI, p.LogoURI)
		if err := validateClientURIs(c.Name, c.URI, c.LogoURI); err != nil {
			return err
		}
		if m := p.TokenEndpointAuthMethod; m != nil {
			valid := []string{"none"}
			if c.ClientType == "confidential" {
				valid = []string{"client_secret_basic", "client_secret_post"}
			}
			if !slices.Contains(valid, *m) {
				return badRequest(codeValidationFailed, "token_endpoint_auth_method '%s' is not valid for client_type '%s'; valid methods: [%s]",
					*m, c.ClientType, strings.Join(valid, " "))
			}
			c.AuthMethod = *m
		}
		c.UpdatedAt = s.nowUTC()
		if _, err := t.exec(`update auth.oauth_clients set redirect_uris = $2, grant_types = $3, client_name = $4, client_uri = $5, logo_uri = $6,
 token_endpoint_auth_method = $7, updated_at = $8::timestamptz where id = $1::uuid`,
			c.ID, strings.Join(c.RedirectURIs, ","), strings.Join(c.GrantTypes, ","), nullIfEmpty(c.Name), nullIfEmpty(c.URI),
			nullIfEmpty(c.LogoURI), c.AuthMethod, pgTime(c.UpdatedAt)); err != nil {
			return internalError(err, "Error updating OAuth client")
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, c.json(""))
	return nil
}

// adminDeleteOAuthClient is DELETE /admin/oauth/clients/{client_id}: a
// soft delete (deleted_at), 204.
func (s *Server) adminDeleteOAuthClient(w http.ResponseWriter, r *http.Request) error {
	err := s.tx(ctxOf(r), func(t *txn) error {
		c, err := t.loadOAuthClient(r)
		if err != nil {
			return err
		}
		now := pgTime(s.nowUTC())
		if _, err := t.exec(`update auth.oauth_clients set deleted_at = $2::timestamptz, updated_at = $2::timestamptz where id = $1::uuid`, c.ID, now); err != nil {
			return internalError(err, "Error deleting OAuth client")
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// adminRegenerateOAuthSecret is POST
// /admin/oauth/clients/{client_id}/regenerate_secret.
func (s *Server) adminRegenerateOAuthSecret(w http.ResponseWriter, r *http.Request) error {
	var c *oauthClient
	var secret string
	err := s.tx(ctxOf(r), func(t *txn) (err error) {
		if c, err = t.loadOAuthClient(r); err != nil {
			return err
		}
		if c.ClientType != "confidential" {
			return badRequest(codeValidationFailed, "Cannot regenerate secret for public client")
		}
		secret, c.SecretHash = s.newClientSecret()
		c.UpdatedAt = s.nowUTC()
		if _, err := t.exec(`update auth.oauth_clients set client_secret_hash = $2, updated_at = $3::timestamptz where id = $1::uuid`,
			c.ID, c.SecretHash, pgTime(c.UpdatedAt)); err != nil {
			return internalError(err, "Error regenerating OAuth client secret")
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, c.json(secret))
	return nil
}
