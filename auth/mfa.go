package auth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/boombuler/barcode/qr"
	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// MFA error codes (GoTrue apierrors/errorcode.go).
const (
	codeMFAFactorNameConflict      = "mfa_factor_name_conflict"
	codeTooManyEnrolledMFAFactors  = "too_many_enrolled_mfa_factors"
	codeInsufficientAAL            = "insufficient_aal"
	codeMFAFactorNotFound          = "mfa_factor_not_found"
	codeMFAIPAddressMismatch       = "mfa_ip_address_mismatch"
	codeMFAChallengeExpired        = "mfa_challenge_expired"
	codeMFAVerificationFailed      = "mfa_verification_failed"
	codeMFATOTPEnrollDisabled      = "mfa_totp_enroll_not_enabled"
	codeMFATOTPVerifyDisabled      = "mfa_totp_verify_not_enabled"
	codeMFAPhoneEnrollDisabled     = "mfa_phone_enroll_not_enabled"
	codeMFAPhoneVerifyDisabled     = "mfa_phone_verify_not_enabled"
	codeMFAWebAuthnEnrollDisabled  = "mfa_web_authn_enroll_not_enabled"
	codeMFAWebAuthnVerifyDisabled  = "mfa_web_authn_verify_not_enabled"
	codeMFAVerifiedFactorExists    = "mfa_verified_factor_exists"
	mfaChallengeExpiry             = 300 * time.Second
	mfaFactorExpiry                = 300 * time.Second
	amrTOTP                        = "totp"
	amrPhone                       = "mfa/phone"
	factorVerified, factorUnverify = "verified", "unverified"
)

// factor is one auth.mfa_factors row; its JSON is models.Factor's.
type factor struct {
	ID               string     `json:"id"`
	UserID           string     `json:"-"`
	FriendlyName     string     `json:"friendly_name,omitempty"`
	FactorType       string     `json:"factor_type"`
	Status           string     `json:"status"`
	CreatedAt        time.Time  `json:"created_at"`
	UpdatedAt        time.Time  `json:"updated_at"`
	Secret           string     `json:"-"`
	Phone            string     `json:"phone"`
	LastChallengedAt *time.Time `json:"last_challenged_at"`
	// WebAuthnCredential is a verified WebAuthn factor's credential (JSON).
	WebAuthnCredential string `json:"-"`
}

const factorCols = "id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone, last_challenged_at, web_authn_credential::text"

func scanFactor(r []*string) *factor {
	f := &factor{ID: str(r[0]), UserID: str(r[1]), FriendlyName: str(r[2]), FactorType: str(r[3]), Status: str(r[4]),
		Secret: str(r[7]), Phone: str(r[8]), LastChallengedAt: parseTime(r[9]), WebAuthnCredential: str(r[10])}
	if t := parseTime(r[5]); t != nil {
		f.CreatedAt = *t
	}
	if t := parseTime(r[6]); t != nil {
		f.UpdatedAt = *t
	}
	return f
}

// factors lists a user's factors, oldest first.
func (t *txn) factors(userID string) ([]factor, error) {
	rows, err := t.query("select "+factorCols+" from auth.mfa_factors where user_id = $1::uuid order by created_at", userID)
	if err != nil {
		return nil, err
	}
	out := make([]factor, 0, len(rows))
	for _, r := range rows {
		out = append(out, *scanFactor(r))
	}
	return out, nil
}

// ownedFactor is loadFactor: the factor of the path's factor_id that
// belongs to userID.
func (t *txn) ownedFactor(r *http.Request, userID string) (*factor, error) {
	id := r.PathValue("factor_id")
	if !isUUID(id) {
		return nil, notFound(codeValidationFailed, "factor_id must be an UUID")
	}
	rows, err := t.query("select "+factorCols+" from auth.mfa_factors where id = $1::uuid and user_id = $2::uuid", id, userID)
	if err != nil {
		return nil, dbError(err, "Database error loading factor")
	}
	if len(rows) == 0 {
		return nil, notFound(codeMFAFactorNotFound, "Factor not found")
	}
	return scanFactor(rows[0]), nil
}

// requireFactorAuth is the /factors middleware chain:
// requireAuthentication, then requireNotAnonymous.
func (s *Server) requireFactorAuth(r *http.Request, t *txn) (*authCtx, error) {
	a, err := s.requireAuth(r, t)
	if err != nil {
		return nil, err
	}
	if a.claims.IsAnonymous {
		return nil, forbidden(codeNoAuthorization, "Anonymous user not allowed to perform these actions")
	}
	return a, nil
}

type enrollParams struct {
	FriendlyName string `json:"friendly_name"`
	FactorType   string `json:"factor_type"`
	Issuer       string `json:"issuer"`
	Phone        string `json:"phone"`
}

// enrollFactor is POST /factors (EnrollFactor).
func (s *Server) enrollFactor(w http.ResponseWriter, r *http.Request) error {
	var out any
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireFactorAuth(r, t)
		if err != nil {
			return err
		}
		if a.session == nil {
			return internalError(nil, "A valid session and a registered user are required to enroll a factor")
		}
		var p enrollParams
		if err := readParams(r, &p); err != nil {
			return err
		}
		switch p.FactorType {
		case "phone":
			if !s.cfg.MFA.Phone.EnrollEnabled {
				return unprocessable(codeMFAPhoneEnrollDisabled, "MFA enroll is disabled for Phone")
			}
			out, err = s.enrollPhone(t, a, p)
		case "totp":
			if !s.cfg.MFA.TOTP.EnrollEnabled {
				return unprocessable(codeMFATOTPEnrollDisabled, "MFA enroll is disabled for TOTP")
			}
			out, err = s.enrollTOTP(t, a, p)
		case "webauthn":
			if !s.cfg.MFA.WebAuthn.EnrollEnabled {
				return unprocessable(codeMFAWebAuthnEnrollDisabled, "MFA enroll is disabled for WebAuthn")
			}
			out, err = s.enrollWebAuthn(t, a, p)
		default:
			return badRequest(codeValidationFailed, "factor_type needs to be totp, phone, or webauthn")
		}
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, out)
	return nil
}

// validateFactors is GoTrue's validateFactors: expired unverified factors
// go first, then the name must be free and the counts under the limits;
// a user with a verified factor enrolls another only at aal2.
func (s *Server) validateFactors(t *txn, a *authCtx, name string) error {
	cutoff := s.nowUTC().Add(-mfaFactorExpiry)
	if _, err := t.exec(`delete from auth.mfa_factors f where f.status <> 'verified' and f.created_at < $1::timestamptz
 and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)`, pgTime(cutoff)); err != nil {
		return dbError(err, "Database error deleting expired factors")
	}
	fs, err := t.factors(a.user.ID)
	if err != nil {
		return dbError(err, "Database error loading factors")
	}
	verified := 0
	for _, f := range fs {
		if f.FriendlyName == name {
			return unprocessable(codeMFAFactorNameConflict, "A factor with the friendly name %q for this user already exists", name)
		}
		if f.Status == factorVerified {
			verified++
		}
	}
	if len(fs) >= s.cfg.MFA.MaxEnrolledFactors || verified >= 10 {
		return unprocessable(codeTooManyEnrolledMFAFactors, "Maximum number of verified factors reached, unenroll to continue")
	}
	if verified > 0 && a.session.AAL != "aal2" {
		return forbidden(codeInsufficientAAL, "AAL2 required to enroll a new factor")
	}
	return nil
}

func (s *Server) insertFactor(t *txn, f *factor) error {
	_, err := t.exec(`insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone)
 values ($1::uuid, $2::uuid, $3, $4::auth.factor_type, $5::auth.factor_status, $6::timestamptz, $6::timestamptz, $7, $8)`,
		f.ID, f.UserID, f.FriendlyName, f.FactorType, f.Status, pgTime(f.CreatedAt), nullIfEmpty(f.Secret), nullIfEmpty(f.Phone))
	if err != nil {
		return dbError(err, "Database error creating factor")
	}
	return nil
}

// enrollTOTP is enrollTOTPFactor: an RFC 6238 secret (SHA-1, 6 digits,
// 30 s) for the user's email, its otpauth:// URI and the URI as an SVG
// QR code.
func (s *Server) enrollTOTP(t *txn, a *authCtx, p enrollParams) (any, error) {
	issuer := p.Issuer
	if issuer == "" {
		u, err := url.ParseRequestURI(s.cfg.SiteURL)
		if err != nil {
			return nil, internalError(err, "site url is improperly formatted")
		}
		issuer = u.Host
	}
	if err := s.validateFactors(t, a, p.FriendlyName); err != nil {
		return nil, err
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: issuer, AccountName: a.user.Email, Rand: s.random})
	if err != nil {
		return nil, internalError(err, "Error generating QR Code secret key")
	}
	svg, err := qrSVG(key.String())
	if err != nil {
		return nil, internalError(err, "Error generating QR Code secret key")
	}
	now := s.nowUTC()
	f := &factor{ID: s.newID(), UserID: a.user.ID, FriendlyName: p.FriendlyName, FactorType: "totp", Status: factorUnverify,
		CreatedAt: now, UpdatedAt: now, Secret: key.Secret()}
	if err := s.insertFactor(t, f); err != nil {
		return nil, err
	}
	return map[string]any{
		"id": f.ID, "type": "totp", "friendly_name": f.FriendlyName,
		"totp": map[string]string{"qr_code": svg, "secret": key.Secret(), "uri": key.URL()},
	}, nil
}

// enrollWebAuthn is enrollWebAuthnFactor: an unverified factor whose
// credential the first challenge/verify ceremony registers.
func (s *Server) enrollWebAuthn(t *txn, a *authCtx, p enrollParams) (any, error) {
	if err := s.validateFactors(t, a, p.FriendlyName); err != nil {
		return nil, err
	}
	now := s.nowUTC()
	f := &factor{ID: s.newID(), UserID: a.user.ID, FriendlyName: p.FriendlyName, FactorType: "webauthn", Status: factorUnverify,
		CreatedAt: now, UpdatedAt: now}
	if err := s.insertFactor(t, f); err != nil {
		return nil, err
	}
	return map[string]any{"id": f.ID, "type": "webauthn", "friendly_name": f.FriendlyName}, nil
}

// enrollPhone is enrollPhoneFactor: the number is stored; codes would go
// out on challenge, which needs an SMS provider.
func (s *Server) enrollPhone(t *txn, a *authCtx, p enrollParams) (any, error) {
	if p.Phone == "" {
		return nil, badRequest(codeValidationFailed, "Phone number required to enroll Phone factor")
	}
	phone, err := validatePhone(p.Phone)
	if err != nil {
		return nil, err
	}
	fs, err := t.factors(a.user.ID)
	if err != nil {
		return nil, dbError(err, "Database error loading factors")
	}
	for _, f := range fs {
		if f.FactorType == "phone" && f.Phone == phone && f.Status == factorVerified {
			return nil, unprocessable(codeMFAVerifiedFactorExists, "A verified phone factor already exists, unenroll the existing factor to continue")
		}
	}
	if _, err := t.exec(`delete from auth.mfa_factors where user_id = $1::uuid and factor_type = 'phone' and phone = $2 and status = 'unverified'`, a.user.ID, phone); err != nil {
		return nil, dbError(err, "Database error deleting unverified phone factors")
	}
	if err := s.validateFactors(t, a, p.FriendlyName); err != nil {
		return nil, err
	}
	now := s.nowUTC()
	f := &factor{ID: s.newID(), UserID: a.user.ID, FriendlyName: p.FriendlyName, FactorType: "phone", Status: factorUnverify,
		CreatedAt: now, UpdatedAt: now, Phone: phone}
	if err := s.insertFactor(t, f); err != nil {
		return nil, err
	}
	return map[string]any{"id": f.ID, "type": "phone", "friendly_name": f.FriendlyName, "phone": phone}, nil
}

// challengeFactor is POST /factors/{factor_id}/challenge.
func (s *Server) challengeFactor(w http.ResponseWriter, r *http.Request) error {
	var out map[string]any
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireFactorAuth(r, t)
		if err != nil {
			return err
		}
		f, err := t.ownedFactor(r, a.user.ID)
		if err != nil {
			return err
		}
		switch f.FactorType {
		case "phone":
			if !s.cfg.MFA.Phone.VerifyEnabled {
				return unprocessable(codeMFAPhoneVerifyDisabled, "MFA verification is disabled for Phone")
			}
			if !s.cfg.Hooks.SendSMS.Enabled && s.cfg.SMS.Provider == "" {
				// Sending the code needs the hook or an SMS provider;
				// GoTrue fails the same way when it has neither.
				return internalError(nil, "Failed to get SMS provider")
			}
			out, err = s.challengePhone(t, r, a.user, f)
			return err
		case "totp":
			if !s.cfg.MFA.TOTP.VerifyEnabled {
				return unprocessable(codeMFATOTPVerifyDisabled, "MFA verification is disabled for TOTP")
			}
		case "webauthn":
			if !s.cfg.MFA.WebAuthn.VerifyEnabled {
				return unprocessable(codeMFAWebAuthnVerifyDisabled, "MFA verification is disabled for WebAuthn")
			}
			out, err = s.challengeWebAuthn(t, r, a, f)
			return err
		default:
			return badRequest(codeValidationFailed, "factor_type needs to be totp, phone, or webauthn")
		}
		now := s.nowUTC()
		id := s.newID()
		if _, err := t.exec(`insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1::uuid, $2::uuid, $3::timestamptz, $4::inet)`,
			id, f.ID, pgTime(now), challengeIP(r)); err != nil {
			return dbError(err, "Database error creating challenge")
		}
		if _, err := t.exec(`update auth.mfa_factors set last_challenged_at = $2::timestamptz where id = $1::uuid`, f.ID, pgTime(now)); err != nil {
			return dbError(err, "Database error updating factor")
		}
		out = map[string]any{"id": id, "type": f.FactorType, "expires_at": now.Add(mfaChallengeExpiry).Unix()}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, out)
	return nil
}

// challengeIP is the address a challenge is bound to; verify must come
// from the same one.
func challengeIP(r *http.Request) string {
	if ip := clientIP(r); ip != "" {
		return ip
	}
	return "0.0.0.0"
}

// verifyFactor is POST /factors/{factor_id}/verify for TOTP: the code is
// checked against the factor's secret (one 30 s step of skew either
// way); the challenge is consumed, the factor verified, the session
// raised to aal2 with a totp amr claim and a new refresh token, and the
// user's aal1 sessions end.
func (s *Server) verifyFactor(w http.ResponseWriter, r *http.Request) error {
	var resp *sessionResponse
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireFactorAuth(r, t)
		if err != nil {
			return err
		}
		f, err := t.ownedFactor(r, a.user.ID)
		if err != nil {
			return err
		}
		var p struct {
			ChallengeID string `json:"challenge_id"`
			Code        string `json:"code"`
			WebAuthn    *struct {
				Type               string          `json:"type"`
				CredentialResponse json.RawMessage `json:"credential_response"`
			} `json:"webauthn"`
		}
		if err := readParams(r, &p); err != nil {
			return err
		}
		if p.Code == "" && f.FactorType != "webauthn" {
			return badRequest(codeValidationFailed, "Code needs to be non-empty")
		}
		switch f.FactorType {
		case "webauthn":
			if !s.cfg.MFA.WebAuthn.VerifyEnabled {
				return unprocessable(codeMFAWebAuthnVerifyDisabled, "MFA verification is disabled for WebAuthn")
			}
			switch {
			case p.WebAuthn == nil:
				return badRequest(codeValidationFailed, "WebAuthn config required")
			case p.WebAuthn.Type != "create" && p.WebAuthn.Type != "request":
				return badRequest(codeValidationFailed, "WebAuthn type must be create or request")
			case p.WebAuthn.CredentialResponse == nil:
				return badRequest(codeValidationFailed, "credential_response required")
			}
			if a.session == nil {
				return internalError(nil, "Cannot read SessionId claim as UUID")
			}
			if err := s.validateChallenge(t, r, f, p.ChallengeID); err != nil {
				return err
			}
			resp, err = s.verifyWebAuthn(t, a, f, p.ChallengeID, p.WebAuthn.Type, p.WebAuthn.CredentialResponse)
			return err
		case "phone":
			if !s.cfg.MFA.Phone.VerifyEnabled {
				return unprocessable(codeMFAPhoneVerifyDisabled, "MFA verification is disabled for Phone")
			}
		case "totp":
			if !s.cfg.MFA.TOTP.VerifyEnabled {
				return unprocessable(codeMFATOTPVerifyDisabled, "MFA verification is disabled for TOTP")
			}
		default:
			return badRequest(codeValidationFailed, "factor_type needs to be totp, phone, or webauthn")
		}
		if a.session == nil {
			return internalError(nil, "Cannot read SessionId claim as UUID")
		}
		if err := s.validateChallenge(t, r, f, p.ChallengeID); err != nil {
			return err
		}
		var ok bool
		method, invalid := amrTOTP, "Invalid TOTP code entered"
		if f.FactorType == "phone" {
			sent, err := t.challengeOTP(p.ChallengeID)
			if err != nil {
				return err
			}
			if sent == "" {
				// No code was ever sent (challenge needs an SMS provider).
				return forbidden(codeOTPExpired, "Token has expired or is invalid")
			}
			ok = tokenEqual(sent, p.Code)
			method, invalid = amrPhone, "Invalid MFA Phone code entered"
		} else {
			ok, _ = totp.ValidateCustom(p.Code, f.Secret, s.now().UTC(), totp.ValidateOpts{
				Period: 30, Skew: 1, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1,
			})
		}
		if err := s.mfaAttempt(t, a.user, f, ok); err != nil {
			return err
		}
		if !ok {
			return &commitWithError{unprocessable(codeMFAVerificationFailed, "%s", invalid)}
		}
		now := s.nowUTC()
		if _, err := t.exec(`update auth.mfa_challenges set verified_at = $2::timestamptz where id = $1::uuid`, p.ChallengeID, pgTime(now)); err != nil {
			return dbError(err, "Database error verifying challenge")
		}
		if f.Status != factorVerified {
			if _, err := t.exec(`update auth.mfa_factors set status = 'verified', updated_at = $2::timestamptz where id = $1::uuid`, f.ID, pgTime(now)); err != nil {
				return dbError(err, "Database error verifying factor")
			}
		}
		resp, err = s.raiseToAAL2(t, a, f, method)
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, resp)
	return nil
}

// validateChallenge is GoTrue's validateChallenge. A verified challenge
// answers like one from another address, so a code is not replayed on it.
func (s *Server) validateChallenge(t *txn, r *http.Request, f *factor, challengeID string) error {
	if !isUUID(challengeID) {
		return unprocessable(codeMFAFactorNotFound, "MFA factor with the provided challenge ID not found")
	}
	rows, err := t.query(`select created_at, verified_at, ip_address::text from auth.mfa_challenges where id = $1::uuid and factor_id = $2::uuid`, challengeID, f.ID)
	if err != nil {
		return dbError(err, "Database error finding Challenge")
	}
	if len(rows) == 0 {
		return unprocessable(codeMFAFactorNotFound, "MFA factor with the provided challenge ID not found")
	}
	created := parseTime(rows[0][0])
	ip, _, _ := strings.Cut(str(rows[0][2]), "/")
	if rows[0][1] != nil || ip != challengeIP(r) {
		return unprocessable(codeMFAIPAddressMismatch, "Challenge and verify IP addresses mismatch.")
	}
	if created == nil || s.now().After(created.Add(mfaChallengeExpiry)) {
		if _, err := t.exec(`delete from auth.mfa_challenges where id = $1::uuid`, challengeID); err != nil {
			return dbError(err, "Database error deleting challenge")
		}
		return &commitWithError{unprocessable(codeMFAChallengeExpired, "MFA challenge %v has expired, verify against another challenge or create a new challenge.", challengeID)}
	}
	return nil
}

// raiseToAAL2 is updateMFASessionAndClaims plus the clean-up after a
// verification: the session gets the method's amr claim, aal2 and the
// factor; its refresh tokens are revoked for a new one (so an aal1 token
// cannot refresh into the aal2 session); other aal1 sessions and the
// user's other unverified factors of the type go.
func (s *Server) raiseToAAL2(t *txn, a *authCtx, f *factor, method string) (*sessionResponse, error) {
	now := s.nowUTC()
	sess := a.session
	// AddClaimToSession: a method already claimed gets a new timestamp.
	n, err := t.exec(`update auth.mfa_amr_claims set updated_at = $3::timestamptz where session_id = $1::uuid and authentication_method = $2`,
		sess.ID, method, pgTime(now))
	if err != nil {
		return nil, dbError(err, "Database error adding claim")
	}
	if n == 0 {
		if _, err := t.exec(`insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
 values ($1::uuid, $2::uuid, $3::timestamptz, $3::timestamptz, $4)`, s.newID(), sess.ID, pgTime(now), method); err != nil {
			return nil, dbError(err, "Database error adding claim")
		}
	}
	if _, err := t.exec(`update auth.sessions set aal = 'aal2', factor_id = $2::uuid, updated_at = $3::timestamptz where id = $1::uuid`,
		sess.ID, f.ID, pgTime(now)); err != nil {
		return nil, dbError(err, "Failed to update session")
	}
	sess.AAL = "aal2"
	if _, err := t.exec(`update auth.refresh_tokens set revoked = true, updated_at = $2::timestamptz where session_id = $1::uuid and revoked = false`,
		sess.ID, pgTime(now)); err != nil {
		return nil, dbError(err, "Failed to update session")
	}
	rt := &refreshToken{Token: s.alphanumeric(12), UserID: a.user.ID, SessionID: sess.ID, CreatedAt: now, UpdatedAt: now}
	if err := t.insertRefresh(rt); err != nil {
		return nil, dbError(err, "Failed to update session")
	}
	if _, err := t.exec(`delete from auth.sessions where user_id = $1::uuid and aal = 'aal1'`, a.user.ID); err != nil {
		return nil, internalError(err, "Failed to update sessions. %s", err)
	}
	if _, err := t.exec(`delete from auth.mfa_factors where user_id = $1::uuid and status = 'unverified' and factor_type = $2::auth.factor_type`,
		a.user.ID, f.FactorType); err != nil {
		return nil, internalError(err, "Error removing unverified factors. %s", err)
	}
	u, err := t.userByID(a.user.ID)
	if err != nil {
		return nil, dbError(err, "Database error finding user")
	}
	amr, err := t.amr(sess.ID)
	if err != nil {
		return nil, dbError(err, "error generating jwt token")
	}
	return s.accessResponse(t, u, sess, rt.Token, amr, method)
}

// unenrollFactor is DELETE /factors/{factor_id}: a verified factor needs
// an aal2 session; sessions raised by it fall back to aal1.
func (s *Server) unenrollFactor(w http.ResponseWriter, r *http.Request) error {
	var id string
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireFactorAuth(r, t)
		if err != nil {
			return err
		}
		f, err := t.ownedFactor(r, a.user.ID)
		if err != nil {
			return err
		}
		if a.session == nil {
			return internalError(nil, "A valid session and factor are required to unenroll a factor")
		}
		if f.Status == factorVerified && a.session.AAL != "aal2" {
			return unprocessable(codeInsufficientAAL, "AAL2 required to unenroll verified factor")
		}
		id = f.ID
		return s.deleteFactor(t, f)
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, map[string]string{"id": id})
	return nil
}

// deleteFactor removes a factor and downgrades the sessions it raised
// (DowngradeSessionsToAAL1).
func (s *Server) deleteFactor(t *txn, f *factor) error {
	if _, err := t.exec(`delete from auth.mfa_factors where id = $1::uuid`, f.ID); err != nil {
		return dbError(err, "Database error deleting factor")
	}
	method := f.FactorType
	if method == "phone" || method == "webauthn" {
		method = "mfa/" + method
	}
	if _, err := t.exec(`delete from auth.mfa_amr_claims where authentication_method = $2
 and session_id in (select id from auth.sessions where factor_id = $1::uuid)`, f.ID, method); err != nil {
		return dbError(err, "Database error updating sessions")
	}
	if _, err := t.exec(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1::uuid`, f.ID); err != nil {
		return dbError(err, "Database error updating sessions")
	}
	return nil
}

// qrSVG draws text as a QR code (error correction H) in SVG, three
// pixels a module, as GoTrue's enrolment response carries it.
func qrSVG(text string) (string, error) {
	code, err := qr.Encode(text, qr.H, qr.Auto)
	if err != nil {
		return "", err
	}
	const block = 3
	b := code.Bounds()
	w, h := b.Dx()*block, b.Dy()*block
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `<?xml version="1.0"?>`+"\n"+`<svg width="%d" height="%d" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">`+"\n", w, h)
	fmt.Fprintf(&buf, `<rect x="0" y="0" width="%d" height="%d" style="fill:#ffffff"/>`+"\n", w, h)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, _, _, _ := code.At(x, y).RGBA(); r == 0 {
				fmt.Fprintf(&buf, `<rect x="%d" y="%d" width="%d" height="%d" style="fill:#000000"/>`+"\n", (x-b.Min.X)*block, (y-b.Min.Y)*block, block, block)
			}
		}
	}
	buf.WriteString("</svg>\n")
	return buf.String(), nil
}

// mfaWebAuthn is getWebAuthnMFA: the [auth.webauthn] relying party,
// go-webauthn's defaults otherwise.
func (s *Server) mfaWebAuthn() (*webauthn.WebAuthn, error) {
	w, err := webauthn.New(&webauthn.Config{RPDisplayName: s.cfg.WebAuthn.RPDisplayName, RPID: s.cfg.WebAuthn.RPID, RPOrigins: s.cfg.WebAuthn.RPOrigins})
	if err != nil {
		return nil, internalError(err, "Failed to initialize WebAuthn")
	}
	return w, nil
}

// mfaWAUser is the user with the credentials of its verified WebAuthn
// factors (User.WebAuthnCredentials).
func mfaWAUser(u *user) *waUser {
	w := &waUser{u: u}
	for _, f := range u.Factors {
		var c webauthn.Credential
		if f.FactorType == "webauthn" && f.Status == factorVerified && json.Unmarshal([]byte(f.WebAuthnCredential), &c) == nil {
			w.creds = append(w.creds, c)
		}
	}
	return w
}

// challengeWebAuthn is challengeWebAuthnFactor: registration options for
// an unverified factor ("create"), assertion options for a verified one
// ("request"); the ceremony's session data stays with the challenge.
func (s *Server) challengeWebAuthn(t *txn, r *http.Request, a *authCtx, f *factor) (map[string]any, error) {
	wa, err := s.mfaWebAuthn()
	if err != nil {
		return nil, err
	}
	wu := mfaWAUser(a.user)
	var opts any
	var sd *webauthn.SessionData
	typ := "create"
	if f.Status != factorVerified {
		exclude := []protocol.CredentialDescriptor{}
		for _, c := range wu.creds {
			exclude = append(exclude, protocol.CredentialDescriptor{Type: protocol.PublicKeyCredentialType, CredentialID: c.ID,
				Transport: []protocol.AuthenticatorTransport{"usb", "nfc"}})
		}
		o, d, err := wa.BeginRegistration(wu, webauthn.WithExclusions(exclude))
		if err != nil {
			return nil, internalError(err, "Failed to generate WebAuthn registration data")
		}
		opts, sd = o, d
	} else {
		var c webauthn.Credential
		if err := json.Unmarshal([]byte(f.WebAuthnCredential), &c); err != nil {
			return nil, internalError(err, "Failed to generate WebAuthn registration data")
		}
		o, d, err := wa.BeginLogin(&waUser{u: a.user, creds: []webauthn.Credential{c}})
		if err != nil {
			return nil, internalError(err, "Failed to generate WebAuthn registration data")
		}
		opts, sd, typ = o, d, "request"
	}
	b, err := json.Marshal(sd)
	if err != nil {
		return nil, internalError(err, "Database error creating challenge")
	}
	now := s.nowUTC()
	id := s.newID()
	if _, err := t.exec(`insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data) values ($1::uuid, $2::uuid, $3::timestamptz, $4::inet, $5::jsonb)`,
		id, f.ID, pgTime(now), challengeIP(r), string(b)); err != nil {
		return nil, dbError(err, "Database error creating challenge")
	}
	if _, err := t.exec(`update auth.mfa_factors set last_challenged_at = $2::timestamptz where id = $1::uuid`, f.ID, pgTime(now)); err != nil {
		return nil, dbError(err, "Database error updating factor")
	}
	return map[string]any{"id": id, "type": "webauthn", "expires_at": now.Add(mfaChallengeExpiry).Unix(),
		"webauthn": map[string]any{"type": typ, "credential_options": opts}}, nil
}

// verifyWebAuthn is verifyWebAuthnFactor: the ceremony is checked against
// the challenge's session data (origin, RP ID, challenge, signature,
// counter); the challenge is consumed and a first "create" stores the
// credential and verifies the factor.
func (s *Server) verifyWebAuthn(t *txn, a *authCtx, f *factor, challengeID, typ string, body json.RawMessage) (*sessionResponse, error) {
	rows, err := t.query(`select web_authn_session_data::text from auth.mfa_challenges where id = $1::uuid`, challengeID)
	if err != nil || len(rows) == 0 || rows[0][0] == nil {
		return nil, dbError(err, "Database error finding Challenge")
	}
	var sd webauthn.SessionData
	if err := json.Unmarshal([]byte(str(rows[0][0])), &sd); err != nil {
		return nil, internalError(err, "Database error finding Challenge")
	}
	wa, err := s.mfaWebAuthn()
	if err != nil {
		return nil, err
	}
	var cred *webauthn.Credential
	switch typ {
	case "create":
		parsed, err := protocol.ParseCredentialCreationResponseBody(bytes.NewReader(body))
		if err != nil {
			return nil, badRequest(codeValidationFailed, "Invalid credential_response")
		}
		if cred, err = wa.CreateCredential(mfaWAUser(a.user), sd, parsed); err != nil {
			return nil, internalError(err, "Failed to validate WebAuthn MFA response")
		}
	default:
		parsed, err := protocol.ParseCredentialRequestResponseBody(bytes.NewReader(body))
		if err != nil {
			return nil, badRequest(codeValidationFailed, "Invalid credential_response")
		}
		var c webauthn.Credential
		if json.Unmarshal([]byte(f.WebAuthnCredential), &c) != nil {
			return nil, internalError(nil, "Failed to validate WebAuthn MFA response")
		}
		if cred, err = wa.ValidateLogin(&waUser{u: a.user, creds: []webauthn.Credential{c}}, sd, parsed); err != nil {
			return nil, internalError(err, "Failed to validate WebAuthn MFA response")
		}
	}
	if _, err := t.exec(`delete from auth.mfa_challenges where id = $1::uuid`, challengeID); err != nil {
		return nil, dbError(err, "Database error deleting challenge")
	}
	b, err := json.Marshal(cred)
	if err != nil {
		return nil, internalError(err, "Failed to update factor")
	}
	now := pgTime(s.nowUTC())
	if _, err := t.exec(`update auth.mfa_factors set status = 'verified', web_authn_credential = $2::jsonb, updated_at = $3::timestamptz where id = $1::uuid`,
		f.ID, string(b), now); err != nil {
		return nil, dbError(err, "Database error verifying factor")
	}
	return s.raiseToAAL2(t, a, f, "mfa/webauthn")
}
