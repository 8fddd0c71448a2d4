package auth

import (
	"net/http"
)

type emailParams struct {
	Email               string         `json:"email"`
	Phone               string         `json:"phone"`
	Type                string         `json:"type"`
	Data                map[string]any `json:"data"`
	CreateUser          *bool          `json:"create_user"`
	Channel             string         `json:"channel"`
	CodeChallengeMethod string         `json:"code_challenge_method"`
	CodeChallenge       string         `json:"code_challenge"`
	RedirectTo          string         `json:"redirect_to"`
}

// recover is POST /recover: a recovery email, or {} for an unknown
// address (no account enumeration).
func (s *Server) recover(w http.ResponseWriter, r *http.Request) error {
	var p emailParams
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.Email == "" {
		return badRequest(codeValidationFailed, "Password recovery requires an email")
	}
	email, err := validateEmail(p.Email)
	if err != nil {
		return err
	}
	if err := validatePKCE(p.CodeChallengeMethod, p.CodeChallenge); err != nil {
		return err
	}
	redirectTo := s.redirectTo(r, p.RedirectTo)
	err = s.tx(ctxOf(r), func(t *txn) error {
		u, err := t.userByEmail(email, s.requestAud(r))
		if err != nil {
			if isNotFound(err) {
				return nil
			}
			return dbError(err, "Unable to process request")
		}
		return s.sendRecovery(t, u, "recovery", redirectTo, p.CodeChallengeMethod, p.CodeChallenge)
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, map[string]string{})
	return nil
}

// sendRecovery is sendPasswordRecovery / sendMagicLink: the token hash in
// recovery_token, and the email.
func (s *Server) sendRecovery(t *txn, u *user, mailType, redirectTo, method, challenge string) error {
	if err := s.checkFrequency(u.RecoverySentAt); err != nil {
		return err
	}
	otp := s.otpDigits(s.cfg.Email.OTPLength)
	hash := tokenHash(u.Email, otp)
	linkToken := hash
	if challenge != "" {
		am := amrRecovery
		if mailType == "magiclink" {
			am = amrMagicLink
		}
		if err := s.createFlowState(t, u.ID, method, challenge, am); err != nil {
			return err
		}
		linkToken = "pkce_" + hash
	}
	now := s.nowUTC()
	u.RecoveryToken = linkToken
	u.RecoverySentAt = &now
	u.UpdatedAt = now
	if err := t.updateUser(u); err != nil {
		return dbError(err, "Database error updating user")
	}
	return s.mail(t, u, u.Email, mailType, otp, hash, linkToken, redirectTo)
}

// otp is POST /otp: for an email, a magic link with a one-time code
// (creating the user when create_user, the default, allows).
func (s *Server) otp(w http.ResponseWriter, r *http.Request) error {
	var p emailParams
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.Email != "" && p.Phone != "" {
		return badRequest(codeValidationFailed, "Only an email address or phone number should be provided")
	}
	if p.Email != "" && p.Channel != "" {
		return badRequest(codeValidationFailed, "Channel should only be specified with Phone OTP")
	}
	if p.Phone != "" {
		return s.otpPhone(w, r, p) // phone.go
	}
	if p.Email == "" {
		return badRequest(codeValidationFailed, "One of email or phone must be set")
	}
	return s.sendMagicLink(w, r, p)
}

// magicLink is POST /magiclink (legacy; same as an email OTP).
func (s *Server) magicLink(w http.ResponseWriter, r *http.Request) error {
	var p emailParams
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.Email == "" {
		return badRequest(codeValidationFailed, "Password recovery requires an email")
	}
	return s.sendMagicLink(w, r, p)
}

func (s *Server) sendMagicLink(w http.ResponseWriter, r *http.Request, p emailParams) error {
	if !s.cfg.Email.EnableSignup {
		return unprocessable(codeEmailProviderDisabled, "Email logins are disabled")
	}
	email, err := validateEmail(p.Email)
	if err != nil {
		return err
	}
	if err := validatePKCE(p.CodeChallengeMethod, p.CodeChallenge); err != nil {
		return err
	}
	createUser := p.CreateUser == nil || *p.CreateUser
	redirectTo := s.redirectTo(r, p.RedirectTo)
	aud := s.requestAud(r)
	err = s.tx(ctxOf(r), func(t *txn) error {
		u, err := t.userByEmail(email, aud)
		if err != nil && !isNotFound(err) {
			return dbError(err, "Database error finding user")
		}
		if u == nil {
			if !createUser {
				return unprocessable(codeOTPDisabled, "Signups not allowed for otp")
			}
			if !s.cfg.EnableSignup {
				return unprocessable(codeSignupDisabled, "Signups not allowed for this instance")
			}
			// MagicLink signs the user up with a random password first.
			hash, err := s.hashPassword(s.alphanumeric(64))
			if err != nil {
				return err
			}
			u = s.newUser(email, "", hash, aud, p.Data)
			u.AppMetaData = map[string]any{"provider": "email", "providers": []any{"email"}}
			if err := s.createUser(t, u); err != nil {
				return dbError(err, "Database error saving new user")
			}
			if _, err := s.createIdentity(t, u, "email", email, p.Data); err != nil {
				return err
			}
			if !s.autoconfirm() {
				return s.sendConfirmation(t, u, redirectTo, p.CodeChallengeMethod, p.CodeChallenge, "signup", amrEmailSign)
			}
			if err := s.confirmUser(t, u); err != nil {
				return err
			}
		} else if !u.isConfirmed() {
			return s.sendConfirmation(t, u, redirectTo, p.CodeChallengeMethod, p.CodeChallenge, "signup", amrEmailSign)
		}
		return s.sendRecovery(t, u, "magiclink", redirectTo, p.CodeChallengeMethod, p.CodeChallenge)
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, map[string]string{})
	return nil
}

// resend is POST /resend for signup and email_change.
func (s *Server) resend(w http.ResponseWriter, r *http.Request) error {
	var p emailParams
	if err := readParams(r, &p); err != nil {
		return err
	}
	switch p.Type {
	case "signup", "email_change":
		if p.Email == "" {
			return badRequest(codeValidationFailed, "Type provided requires an email address")
		}
	case "sms", "phone_change":
		if p.Phone == "" && p.Type == "sms" {
			return badRequest(codeValidationFailed, "Type provided requires a phone number")
		}
		if p.Email != "" && p.Phone != "" {
			return badRequest(codeValidationFailed, "Only an email address or phone number should be provided.")
		}
		if p.Phone == "" && p.Email == "" {
			return badRequest(codeValidationFailed, "Missing email address or phone number")
		}
		return s.resendPhone(w, r, p) // phone.go
	default:
		return badRequest(codeValidationFailed, "Missing one of these types: signup, email_change, sms, phone_change")
	}
	if p.Phone != "" {
		return badRequest(codeValidationFailed, "Only an email address or phone number should be provided.")
	}
	email, err := validateEmail(p.Email)
	if err != nil {
		return err
	}
	redirectTo := s.redirectTo(r, p.RedirectTo)
	err = s.tx(ctxOf(r), func(t *txn) error {
		var u *user
		var err error
		if p.Type == "signup" {
			u, err = t.userByEmail(email, s.requestAud(r))
		} else {
			u, err = t.findUser("email_change = $1 and aud = $2", email, s.requestAud(r))
		}
		if err != nil {
			if isNotFound(err) {
				return nil
			}
			return dbError(err, "Unable to process request")
		}
		if p.Type == "signup" {
			if u.isConfirmed() {
				return nil
			}
			return s.sendConfirmation(t, u, redirectTo, p.CodeChallengeMethod, p.CodeChallenge, "signup", amrEmailSign)
		}
		if u.EmailChange == "" {
			return nil
		}
		return s.sendEmailChange(t, u, u.EmailChange, redirectTo, p.CodeChallengeMethod, p.CodeChallenge)
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, map[string]string{})
	return nil
}
