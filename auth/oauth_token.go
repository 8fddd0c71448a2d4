package auth

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// The OAuth 2.1 server's token endpoint: client authentication and the
// authorization_code and refresh_token grants.

// clientCredentials are the client_id / client_secret of a token
// request: HTTP Basic (client_secret_basic) or form fields
// (client_secret_post).
func clientCredentials(r *http.Request) (id, secret, method string, err error) {
	if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Basic ") {
		dec, derr := base64.StdEncoding.DecodeString(strings.TrimPrefix(h, "Basic "))
		if derr != nil {
			return "", "", "", errors.New("invalid basic auth encoding")
		}
		id, secret, ok := strings.Cut(string(dec), ":")
		if !ok {
			return "", "", "", errors.New("invalid basic auth format")
		}
		if uid, uerr := url.QueryUnescape(id); uerr == nil {
			id = uid
		}
		if us, uerr := url.QueryUnescape(secret); uerr == nil {
			secret = us
		}
		return id, secret, "client_secret_basic", nil
	}
	id, secret = r.PostFormValue("client_id"), r.PostFormValue("client_secret")
	if id == "" && secret != "" {
		return "", "", "", errors.New("client_id is required")
	}
	method = "none"
	if secret != "" {
		method = "client_secret_post"
	}
	return id, secret, method, nil
}

// authenticateClient is the token endpoint's client authentication: a
// public client sends no secret, a confidential one its secret.
func (t *txn) authenticateClient(r *http.Request) (*oauthClient, error) {
	id, secret, _, err := clientCredentials(r)
	if err != nil {
		return nil, &oauthError{Err: "invalid_client", Description: err.Error()}
	}
	if id == "" {
		return nil, &oauthError{Err: "invalid_client", Description: "Client authentication required"}
	}
	c, err := t.oauthClientByID(id)
	if err != nil {
		return nil, internalError(err, "Error loading OAuth client")
	}
	if c == nil {
		return nil, &oauthError{Err: "invalid_client", Description: "Invalid client credentials"}
	}
	if c.ClientType == "public" {
		if secret != "" {
			return nil, &oauthError{Err: "invalid_client", Description: "public clients must not provide client_secret"}
		}
		return c, nil
	}
	if secret == "" {
		return nil, &oauthError{Err: "invalid_client", Description: "confidential clients must provide client_secret"}
	}
	sum := sha256.Sum256([]byte(secret))
	if subtle.ConstantTimeCompare([]byte(base64.RawURLEncoding.EncodeToString(sum[:])), []byte(c.SecretHash)) != 1 {
		return nil, &oauthError{Err: "invalid_client", Description: "invalid client credentials"}
	}
	return c, nil
}

// oauthToken is POST /oauth/token (form-encoded or JSON):
// authorization_code with the PKCE code_verifier, or refresh_token for a
// session the client holds. The answer carries no user object.
func (s *Server) oauthToken(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	var p struct {
		GrantType    string `json:"grant_type"`
		Code         string `json:"code"`
		RefreshToken string `json:"refresh_token"`
		RedirectURI  string `json:"redirect_uri"`
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
		CodeVerifier string `json:"code_verifier"`
	}
	if strings.Contains(r.Header.Get("Content-Type"), "application/json") {
		if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
			return &oauthError{Err: "invalid_request", Description: "Invalid JSON body"}
		}
		// The client authentication reads form values: carry the JSON ones.
		r.PostForm = url.Values{"client_id": {p.ClientID}, "client_secret": {p.ClientSecret}}
	} else {
		if err := r.ParseForm(); err != nil {
			return &oauthError{Err: "invalid_request", Description: "Failed to parse form data"}
		}
		p.GrantType, p.Code, p.RefreshToken = r.PostFormValue("grant_type"), r.PostFormValue("code"), r.PostFormValue("refresh_token")
		p.RedirectURI, p.CodeVerifier = r.PostFormValue("redirect_uri"), r.PostFormValue("code_verifier")
	}
	if p.GrantType == "" {
		return &oauthError{Err: "invalid_request", Description: "grant_type is required"}
	}
	var client *oauthClient
	if err := s.read(ctxOf(r), func(t *txn) (err error) {
		client, err = t.authenticateClient(r)
		return err
	}); err != nil {
		return err
	}
	if !slices.Contains(client.GrantTypes, p.GrantType) {
		return &oauthError{Err: "unsupported_grant_type", Description: "Client is not allowed to use grant type: " + p.GrantType}
	}
	var resp *sessionResponse
	var err error
	switch p.GrantType {
	case "authorization_code":
		resp, err = s.exchangeCode(r, client, p.Code, p.RedirectURI, p.CodeVerifier)
	case "refresh_token":
		if p.RefreshToken == "" {
			return &oauthError{Err: "invalid_request", Description: "refresh_token is required for refresh_token grant"}
		}
		resp, err = s.refreshSession(w, r, p.RefreshToken, &client.ID)
	default:
		return &oauthError{Err: "unsupported_grant_type", Description: "Unsupported grant type: " + p.GrantType}
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	sendJSON(w, http.StatusOK, map[string]any{
		"access_token": resp.AccessToken, "token_type": resp.TokenType, "expires_in": resp.ExpiresIn, "refresh_token": resp.RefreshToken,
	})
	return nil
}

// exchangeCode is handleAuthorizationCodeGrant: the code is used once.
func (s *Server) exchangeCode(r *http.Request, client *oauthClient, code, redirectURI, verifier string) (*sessionResponse, error) {
	if code == "" {
		return nil, &oauthError{Err: "invalid_request", Description: "code is required for authorization_code grant"}
	}
	var resp *sessionResponse
	err := s.tx(ctxOf(r), func(t *txn) error {
		rows, err := t.query("select "+oauthAuthorizationCols+" from auth.oauth_authorizations where authorization_code = $1 and status = 'approved'", code)
		if err != nil {
			return internalError(err, "Error finding authorization code")
		}
		if len(rows) == 0 {
			return &oauthError{Err: "invalid_grant", Description: "Invalid authorization code"}
		}
		a := scanOAuthAuthorization(rows[0])
		if s.now().After(a.ExpiresAt) {
			return &oauthError{Err: "invalid_grant", Description: "Authorization code has expired"}
		}
		if a.ClientID != client.ID {
			return &oauthError{Err: "invalid_grant", Description: "Authorization code was not issued for this client"}
		}
		if redirectURI != "" && redirectURI != a.RedirectURI {
			return &oauthError{Err: "invalid_grant", Description: "Invalid redirect_uri"}
		}
		if a.CodeChallenge != "" {
			if verifier == "" {
				return &oauthError{Err: "invalid_grant", Description: "PKCE verification failed: code_verifier is required"}
			}
			if !verifyCodeVerifier(a.CodeChallengeMethod, a.CodeChallenge, verifier) {
				return &oauthError{Err: "invalid_grant", Description: "PKCE verification failed: code challenge does not match previously saved code verifier"}
			}
		}
		if a.UserID == "" {
			return &oauthError{Err: "invalid_grant", Description: "Authorization code has no associated user"}
		}
		u, err := t.userByID(a.UserID)
		if err != nil {
			if isNotFound(err) {
				return &oauthError{Err: "invalid_grant", Description: "User not found for authorization code"}
			}
			return internalError(err, "Error finding user")
		}
		if u.isBanned(s.now()) {
			return &oauthError{Err: "access_denied", Description: "User is banned"}
		}
		if resp, err = s.issueClientSession(t, r, u, "oauth_provider/authorization_code", client.ID); err != nil {
			return err
		}
		if _, err := t.exec(`delete from auth.oauth_authorizations where id = $1::uuid`, a.ID); err != nil {
			return internalError(err, "Error exchanging authorization code")
		}
		return nil
	})
	return resp, err
}
