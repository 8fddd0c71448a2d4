package auth

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
)

// GoTrue error codes for features tinybase serves only as far as their
// refusal (GoTrue apierrors/errorcode.go).
const (
	codeSAMLProviderDisabled  = "saml_provider_disabled"
	codeManualLinkingDisabled = "manual_linking_disabled"
	codeWeb3ProviderDisabled  = "web3_provider_disabled"
	codeWeb3UnsupportedChain  = "web3_unsupported_chain"
	codeProviderDisabled      = "provider_disabled"
	codeFeatureDisabled       = "feature_disabled"
	codeIdentityNotFound      = "identity_not_found"
	codeSingleIdentityNotDel  = "single_identity_not_deletable"
)

// ssoDisabled answers /sso and /sso/saml/*: SAML needs an identity
// provider's metadata, which a local project has no config key for, so
// SAML is always off, as on a CLI stack.
func (s *Server) ssoDisabled(w http.ResponseWriter, r *http.Request) error {
	return notFound(codeSAMLProviderDisabled, "SAML 2.0 is disabled")
}

// linkIdentity is GET /user/identities/authorize: authentication first,
// then [auth] enable_manual_linking (GoTrue's middleware order). Linking
// goes through an OAuth provider, which tinybase never reaches, so an
// enabled linking answers as /authorize does for the provider.
func (s *Server) linkIdentity(w http.ResponseWriter, r *http.Request) error {
	err := s.read(ctxOf(r), func(t *txn) error {
		_, err := s.requireAuth(r, t)
		return err
	})
	if err != nil {
		return err
	}
	if !s.cfg.EnableManualLinking {
		return notFound(codeManualLinkingDisabled, "Manual linking is disabled")
	}
	return s.authorize(w, r)
}

// unlinkIdentity is DELETE /user/identities/{identity_id}
// (DeleteIdentity): the user keeps at least one identity.
func (s *Server) unlinkIdentity(w http.ResponseWriter, r *http.Request) error {
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireAuth(r, t)
		if err != nil {
			return err
		}
		if !s.cfg.EnableManualLinking {
			return notFound(codeManualLinkingDisabled, "Manual linking is disabled")
		}
		id := r.PathValue("identity_id")
		if !isUUID(id) {
			return notFound(codeValidationFailed, "identity_id must be an UUID")
		}
		rows, err := t.query(`SELECT count(*) FROM auth.identities WHERE user_id = $1`, a.user.ID)
		if err != nil {
			return dbError(err, "Database error finding identities")
		}
		if intText(rows[0][0]) <= 1 {
			return unprocessable(codeSingleIdentityNotDel, "User must have at least 1 identity after unlinking")
		}
		n, err := t.exec(`DELETE FROM auth.identities WHERE id = $1 AND user_id = $2`, id, a.user.ID)
		if err != nil {
			return dbError(err, "Database error deleting identity")
		}
		if n == 0 {
			return unprocessable(codeIdentityNotFound, "Identity doesn't exist")
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, map[string]any{})
	return nil
}

// web3Grant is grant_type=web3: tinybase verifies no wallet signatures,
// so it serves the refusals of a project whose [auth.web3.*] are off; with
// one on, it says so rather than accept an unverified signature.
func (s *Server) web3Grant(w http.ResponseWriter, r *http.Request) error {
	if !s.cfg.Web3Solana && !s.cfg.Web3Ethereum {
		return unprocessable(codeWeb3ProviderDisabled, "Web3 provider is disabled")
	}
	var p struct {
		Chain string `json:"chain"`
	}
	if err := readParams(r, &p); err != nil {
		return err
	}
	switch p.Chain {
	case "solana":
		if !s.cfg.Web3Solana {
			return unprocessable(codeWeb3ProviderDisabled, "Solana Web3 provider is disabled")
		}
	case "ethereum":
		if !s.cfg.Web3Ethereum {
			return unprocessable(codeWeb3ProviderDisabled, "Ethereum Web3 provider is disabled")
		}
	default:
		return badRequest(codeWeb3UnsupportedChain, "Unsupported chain")
	}
	return badRequest(codeNotImplemented, "tinybase: Web3 signature verification is not supported")
}

// idTokenIssuers are the fixed issuers of the id_token providers GoTrue
// names by provider.
var idTokenIssuers = map[string]string{
	"google":   "https://accounts.google.com",
	"apple":    "https://appleid.apple.com",
	"facebook": "https://www.facebook.com",
	"kakao":    "https://kauth.kakao.com",
	"snapchat": "https://accounts.snapchat.com",
}

// idTokenGrant is grant_type=id_token. A provider must be enabled in
// [auth.external.<provider>]; an enabled one would have its token checked
// against the provider's published keys, which a local server does not
// fetch, so every token is refused as GoTrue refuses one it cannot verify.
func (s *Server) idTokenGrant(w http.ResponseWriter, r *http.Request) error {
	var p struct {
		IDToken  string `json:"id_token"`
		Provider string `json:"provider"`
		ClientID string `json:"client_id"`
		Issuer   string `json:"issuer"`
	}
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.IDToken == "" {
		return &oauthError{Err: "invalid request", Description: "id_token required"}
	}
	if p.Provider == "" && (p.ClientID == "" || p.Issuer == "") {
		return &oauthError{Err: "invalid request", Description: "provider or client_id and issuer required"}
	}
	name := p.Provider
	if name == "" {
		for n, iss := range idTokenIssuers {
			if iss == p.Issuer {
				name = n
			}
		}
	}
	if strings.HasPrefix(name, "custom:") {
		return badRequest(codeValidationFailed, "Custom OAuth providers are disabled")
	}
	if !s.cfg.External[name] {
		issuer, ok := idTokenIssuers[name]
		if !ok {
			issuer = p.Issuer
		}
		return badRequest(codeProviderDisabled, "Provider (issuer %q) is not enabled", issuer)
	}
	if !looksLikeJWT(p.IDToken) {
		return &oauthError{Err: "invalid request", Description: "Bad ID token"}
	}
	return badRequest(codeNotImplemented, "tinybase: ID tokens from %s cannot be verified locally (the provider's signing keys are not fetched)", name)
}

// looksLikeJWT reports whether tok is three base64url parts whose header
// is a JSON object, the first check an OIDC verifier makes.
func looksLikeJWT(tok string) bool {
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return false
	}
	h, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil {
		return false
	}
	var m map[string]any
	return json.Unmarshal(h, &m) == nil
}
