package auth

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

type verifyParams struct {
	Type       string `json:"type"`
	Token      string `json:"token"`
	TokenHash  string `json:"token_hash"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	RedirectTo string `json:"redirect_to"`
}

const singleConfirmationAccepted = "Confirmation link accepted. Please proceed to confirm link sent to the other email"

// verifyPost is POST /verify: an OTP with its email, or a token hash.
func (s *Server) verifyPost(w http.ResponseWriter, r *http.Request) error {
	var p verifyParams
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.Type == "" {
		return badRequest(codeValidationFailed, "Verify requires a verification type")
	}
	if p.Token == "" && p.TokenHash == "" {
		return badRequest(codeValidationFailed, "Verify requires either a token or a token hash")
	}
	if p.Token != "" {
		if p.Phone != "" && p.Email == "" {
			ph, err := validatePhone(p.Phone)
			if err != nil {
				return err
			}
			p.Phone = ph
			return s.verifyPhone(w, r, p)
		}
		if p.Email == "" {
			return badRequest(codeValidationFailed, "Only an email address or phone number should be provided on verify")
		}
		e, err := validateEmail(p.Email)
		if err != nil {
			return unprocessable(codeValidationFailed, "Invalid email format")
		}
		p.Email = e
	} else if p.Email != "" || p.Phone != "" {
		return badRequest(codeValidationFailed, "Only the token_hash and type should be provided")
	}
	var resp *sessionResponse
	single := false
	err := s.tx(ctxOf(r), func(t *txn) error {
		var u *user
		var err error
		if p.TokenHash != "" {
			u, err = s.userByTokenHash(t, p.Type, p.TokenHash)
		} else {
			u, err = s.userByOTP(t, p, s.requestAud(r))
		}
		if err != nil {
			return err
		}
		u, err = s.applyVerification(t, p, u)
		if err != nil {
			return err
		}
		if u == nil {
			single = true
			return nil
		}
		resp, err = s.issueSession(t, r, u, amrOTP)
		return err
	})
	if err != nil {
		return err
	}
	if single {
		sendJSON(w, http.StatusOK, map[string]string{"msg": singleConfirmationAccepted, "code": "200"})
		return nil
	}
	sendJSON(w, http.StatusOK, resp)
	return nil
}

// verifyGet is GET /verify?token=&type=&redirect_to= (the email link): a
// 303 to redirect_to with the session in the fragment (implicit flow) or
// ?code= (PKCE), or the error in the fragment.
func (s *Server) verifyGet(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	p := verifyParams{Type: q.Get("type"), Token: q.Get("token")}
	if p.Type == "" {
		return badRequest(codeValidationFailed, "Verify requires a verification type")
	}
	if p.Token == "" {
		return badRequest(codeValidationFailed, "Verify requires a token or a token hash")
	}
	p.RedirectTo = s.redirectTo(r, "")
	p.TokenHash = p.Token
	pkce := strings.HasPrefix(p.Token, "pkce_")
	var resp *sessionResponse
	var code, rurl string
	err := s.tx(ctxOf(r), func(t *txn) error {
		u, err := s.userByTokenHash(t, p.Type, p.Token)
		if err != nil {
			return err
		}
		if u, err = s.applyVerification(t, p, u); err != nil {
			return err
		}
		if u == nil {
			rurl = withFragment(p.RedirectTo, pkce, url.Values{"message": {singleConfirmationAccepted}})
			return nil
		}
		if pkce {
			code, err = s.issueAuthCode(t, u.ID, authMethodFor(p.Type))
			if err != nil {
				return badRequest(codeFlowStateNotFound, "No associated flow state found. %s", err.Error())
			}
			return nil
		}
		resp, err = s.issueSession(t, r, u, amrOTP)
		return err
	})
	if err != nil {
		e, ok := err.(*apiError)
		if !ok || e.Status >= 500 {
			return err
		}
		v := url.Values{}
		if name, ok := oauthErrorNames[e.Status]; ok {
			v.Set("error", name)
		}
		v.Set("error_code", e.Code)
		v.Set("error_description", e.Message)
		rurl = withFragment(p.RedirectTo, pkce, v)
	}
	if rurl == "" {
		if pkce {
			u, _ := url.Parse(p.RedirectTo)
			qq := u.Query()
			qq.Set("code", code)
			u.RawQuery = qq.Encode()
			rurl = u.String()
		} else {
			v := url.Values{}
			v.Set("access_token", resp.AccessToken)
			v.Set("token_type", resp.TokenType)
			v.Set("expires_in", strconv.Itoa(resp.ExpiresIn))
			v.Set("expires_at", strconv.FormatInt(resp.ExpiresAt, 10))
			v.Set("refresh_token", resp.RefreshToken)
			v.Set("type", p.Type)
			v.Set("sb", "")
			rurl = p.RedirectTo + "#" + v.Encode()
		}
	}
	http.Redirect(w, r, rurl, http.StatusSeeOther)
	return nil
}

var oauthErrorNames = map[int]string{
	http.StatusBadRequest:          "invalid_request",
	http.StatusUnauthorized:        "unauthorized_client",
	http.StatusForbidden:           "access_denied",
	http.StatusInternalServerError: "server_error",
	http.StatusServiceUnavailable:  "temporarily_unavailable",
}

// withFragment is prepErrorRedirectURL / prepRedirectURL: values in the
// fragment (and the query too, in the PKCE flow).
func withFragment(raw string, pkce bool, v url.Values) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	if pkce {
		q := u.Query()
		for k, vs := range v {
			q[k] = vs
		}
		u.RawQuery = q.Encode()
	}
	v.Set("sb", "")
	u.Fragment = v.Encode()
	return u.String()
}

func authMethodFor(typ string) string {
	switch typ {
	case "signup":
		return amrEmailSign
	case "invite":
		return amrInvite
	case "magiclink":
		return amrMagicLink
	case "recovery":
		return amrRecovery
	case "email_change":
		return amrEmailChg
	}
	return amrOTP
}

// userByTokenHash is verifyTokenHash: the user whose stored token for the
// type equals the hash, sent within otp_expiry.
func (s *Server) userByTokenHash(t *txn, typ, hash string) (*user, error) {
	var where string
	switch typ {
	case "email":
		where = "(confirmation_token = $1 or recovery_token = $1)"
	case "signup", "invite":
		where = "confirmation_token = $1"
	case "recovery", "magiclink":
		where = "recovery_token = $1"
	case "email_change":
		where = "(email_change_token_current = $1 or email_change_token_new = $1)"
	default:
		return nil, badRequest(codeValidationFailed, "Invalid email verification type")
	}
	if hash == "" {
		return nil, forbidden(codeOTPExpired, "Email link is invalid or has expired")
	}
	u, err := t.findUser(where+" and is_sso_user = false", hash)
	if err != nil {
		if isNotFound(err) {
			return nil, forbidden(codeOTPExpired, "Email link is invalid or has expired")
		}
		return nil, dbError(err, "Database error finding user from email link")
	}
	if u.isBanned(s.now()) {
		return nil, forbidden(codeUserBanned, "User is banned")
	}
	ok := false
	switch typ {
	case "email":
		ok = s.otpValid(u.ConfirmationToken, hash, u.ConfirmationSentAt) || s.otpValid(u.RecoveryToken, hash, u.RecoverySentAt)
	case "signup", "invite":
		ok = s.otpValid(u.ConfirmationToken, hash, u.ConfirmationSentAt)
	case "recovery", "magiclink":
		ok = s.otpValid(u.RecoveryToken, hash, u.RecoverySentAt)
	case "email_change":
		ok = s.otpValid(u.EmailChangeTokenCurrent, hash, u.EmailChangeSentAt) || s.otpValid(u.EmailChangeTokenNew, hash, u.EmailChangeSentAt)
	}
	if !ok {
		return nil, forbidden(codeOTPExpired, "Email link is invalid or has expired")
	}
	return u, nil
}

// userByOTP is verifyUserAndToken for email OTPs.
func (s *Server) userByOTP(t *txn, p verifyParams, aud string) (*user, error) {
	var u *user
	var err error
	if p.Type == "email_change" {
		u, err = t.findUser("email_change = $1 and aud = $2", p.Email, aud)
		if isNotFound(err) {
			u, err = t.userByEmail(p.Email, aud)
		}
	} else {
		u, err = t.userByEmail(p.Email, aud)
	}
	if err != nil {
		if isNotFound(err) {
			return nil, forbidden(codeOTPExpired, "Token has expired or is invalid")
		}
		return nil, dbError(err, "Database error finding user")
	}
	if u.isBanned(s.now()) {
		return nil, forbidden(codeUserBanned, "User is banned")
	}
	hash := tokenHash(p.Email, p.Token)
	ok := false
	switch p.Type {
	case "email":
		ok = s.otpValid(u.ConfirmationToken, hash, u.ConfirmationSentAt) || s.otpValid(u.RecoveryToken, hash, u.RecoverySentAt)
	case "signup", "invite":
		ok = s.otpValid(u.ConfirmationToken, hash, u.ConfirmationSentAt)
	case "recovery", "magiclink":
		ok = s.otpValid(u.RecoveryToken, hash, u.RecoverySentAt)
	case "email_change":
		ok = s.otpValid(u.EmailChangeTokenCurrent, hash, u.EmailChangeSentAt) || s.otpValid(u.EmailChangeTokenNew, hash, u.EmailChangeSentAt)
	default:
		return nil, badRequest(codeValidationFailed, "Unsupported verification type")
	}
	if !ok {
		return nil, forbidden(codeOTPExpired, "Token has expired or is invalid")
	}
	return u, nil
}

// applyVerification is signupVerify / recoverVerify / emailChangeVerify.
// A nil user with no error is a first confirmation of a double email
// change.
func (s *Server) applyVerification(t *txn, p verifyParams, u *user) (*user, error) {
	now := s.nowUTC()
	switch p.Type {
	case "signup", "invite":
		if err := s.confirmUser(t, u); err != nil {
			return nil, err
		}
	case "recovery", "magiclink", "email":
		u.RecoveryToken = ""
		if !u.isConfirmed() {
			u.EmailConfirmedAt = &now
		}
		if p.Type == "email" && u.ConfirmationToken != "" {
			if err := s.confirmUser(t, u); err != nil {
				return nil, err
			}
		}
		u.UpdatedAt = now
		if err := t.updateUser(u); err != nil {
			return nil, dbError(err, "Database error updating user")
		}
	case "email_change":
		hash := p.TokenHash
		if hash == "" {
			hash = tokenHash(p.Email, p.Token)
		}
		if s.cfg.Email.DoubleConfirmChanges && u.EmailChangeConfirmStatus == 0 && u.Email != "" &&
			u.EmailChangeTokenCurrent != "" && u.EmailChangeTokenNew != "" {
			u.EmailChangeConfirmStatus = 1
			if tokenEqual(strings.TrimPrefix(u.EmailChangeTokenCurrent, "pkce_"), strings.TrimPrefix(hash, "pkce_")) {
				u.EmailChangeTokenCurrent = ""
			} else {
				u.EmailChangeTokenNew = ""
			}
			u.UpdatedAt = now
			if err := t.updateUser(u); err != nil {
				return nil, dbError(err, "Database error updating user")
			}
			return nil, nil
		}
		if err := s.applyEmailChange(t, u, u.EmailChange); err != nil {
			return nil, err
		}
	default:
		return nil, badRequest(codeValidationFailed, "Unsupported verification type")
	}
	u.syncProviders()
	return u, nil
}
