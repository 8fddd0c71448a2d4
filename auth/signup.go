package auth

import (
	"net/http"
	"strings"
)

type signupParams struct {
	Email               string         `json:"email"`
	Phone               string         `json:"phone"`
	Password            string         `json:"password"`
	Data                map[string]any `json:"data"`
	Channel             string         `json:"channel"`
	CodeChallengeMethod string         `json:"code_challenge_method"`
	CodeChallenge       string         `json:"code_challenge"`
}

// signup is POST /signup: email (or phone) + password, or an anonymous
// sign-in when neither is given.
func (s *Server) signup(w http.ResponseWriter, r *http.Request) error {
	var p signupParams
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.Email == "" && p.Phone == "" {
		if !s.cfg.EnableAnonymousSignIns {
			return unprocessable(codeAnonymousProviderDisable, "Anonymous sign-ins are disabled")
		}
		if err := s.checkLimit(limitAnon, r); err != nil {
			return err
		}
		return s.signupAnonymously(w, r, p)
	}
	if !s.cfg.EnableSignup {
		return unprocessable(codeSignupDisabled, "Signups not allowed for this instance")
	}
	if p.Data == nil {
		p.Data = map[string]any{}
	}
	if p.Password == "" {
		return badRequest(codeValidationFailed, "Signup requires a valid password")
	}
	if err := s.checkPasswordStrength(p.Password); err != nil {
		return err
	}
	if p.Email != "" && p.Phone != "" {
		return badRequest(codeValidationFailed, "Only an email address or phone number should be provided on signup.")
	}
	if p.Phone != "" {
		return s.signupPhone(w, r, p) // phone.go
	}
	if err := validatePKCE(p.CodeChallengeMethod, p.CodeChallenge); err != nil {
		return err
	}
	if !s.cfg.Email.EnableSignup {
		return badRequest(codeEmailProviderDisabled, "Email signups are disabled")
	}
	email, err := validateEmail(p.Email)
	if err != nil {
		return err
	}
	redirectTo := s.redirectTo(r, "")
	aud := s.requestAud(r)
	var resp any
	err = s.tx(ctxOf(r), func(t *txn) error {
		u, err := t.userByEmail(email, aud)
		if err != nil && !isNotFound(err) {
			return dbError(err, "Database error finding user")
		}
		if u != nil && u.isConfirmed() {
			if s.autoconfirm() {
				return unprocessable(codeUserAlreadyExists, "User already registered")
			}
			resp = s.obfuscatedUser(u, p, aud)
			return nil
		}
		if u == nil {
			hash, err := s.hashPassword(p.Password)
			if err != nil {
				return err
			}
			u = s.newUser(email, "", hash, aud, p.Data)
			u.AppMetaData = map[string]any{"provider": "email", "providers": []any{"email"}}
			if err := s.createUser(t, u); err != nil {
				return dbError(err, "Database error saving new user")
			}
		}
		if !hasIdentity(u, "email") {
			if _, err := s.createIdentity(t, u, "email", email, p.Data); err != nil {
				return err
			}
		}
		if s.autoconfirm() {
			if err := s.confirmUser(t, u); err != nil {
				return err
			}
			sess, err := s.issueSession(t, r, u, amrPassword)
			if err != nil {
				return err
			}
			resp = sess
			return nil
		}
		if err := s.sendConfirmation(t, u, redirectTo, p.CodeChallengeMethod, p.CodeChallenge, "signup", amrEmailSign); err != nil {
			return err
		}
		resp = u
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, resp)
	return nil
}

// autoconfirm is GOTRUE_MAILER_AUTOCONFIRM: email confirmations off.
func (s *Server) autoconfirm() bool { return !s.cfg.Email.EnableConfirmations }

// newUser is models.NewUser: an unsaved user with role authenticated.
func (s *Server) newUser(email, phone, hash, aud string, data map[string]any) *user {
	now := s.nowUTC()
	if data == nil {
		data = map[string]any{}
	}
	return &user{ID: s.newID(), Aud: aud, Role: "authenticated", Email: email, Phone: phone, EncryptedPassword: hash,
		AppMetaData: map[string]any{}, UserMetaData: data, CreatedAt: now, UpdatedAt: now, Identities: []identity{}}
}

// createIdentity is createNewIdentity for the email provider: identity
// data {sub, email, email_verified, phone_verified} plus the sign-up data
// keys it does not already have.
func (s *Server) createIdentity(t *txn, u *user, provider, email string, data map[string]any) (*identity, error) {
	now := s.nowUTC()
	idData := map[string]any{"sub": u.ID, "email_verified": false, "phone_verified": false}
	if email != "" {
		idData["email"] = email
	}
	for k, v := range data {
		if _, ok := idData[k]; !ok {
			idData[k] = v
		}
	}
	id := &identity{ID: s.newID(), ProviderID: u.ID, UserID: u.ID, IdentityData: idData, Provider: provider, CreatedAt: now, UpdatedAt: now}
	if err := t.insertIdentity(id); err != nil {
		return nil, dbError(err, "Database error creating identity")
	}
	u.Identities = append(u.Identities, *id)
	return id, nil
}

func hasIdentity(u *user, provider string) bool {
	for _, id := range u.Identities {
		if id.Provider == provider {
			return true
		}
	}
	return false
}

// confirmUser is user.Confirm: the email is confirmed now and the email
// identity says so.
func (s *Server) confirmUser(t *txn, u *user) error {
	now := s.nowUTC()
	u.EmailConfirmedAt = &now
	u.ConfirmationToken = ""
	u.UpdatedAt = now
	if err := t.updateUser(u); err != nil {
		return dbError(err, "Database error updating user")
	}
	for i := range u.Identities {
		id := &u.Identities[i]
		if id.Provider == "email" {
			if id.IdentityData == nil {
				id.IdentityData = map[string]any{}
			}
			id.IdentityData["email_verified"] = true
			id.UpdatedAt = now
			if err := t.updateIdentity(id); err != nil {
				return dbError(err, "Database error updating user")
			}
		}
	}
	return nil
}

// obfuscatedUser is sanitizeUser: a fake user for a repeated sign-up with
// confirmations on, so the response does not reveal the account exists.
func (s *Server) obfuscatedUser(u *user, p signupParams, aud string) *user {
	now := s.nowUTC()
	return &user{ID: s.newID(), Aud: aud, Email: u.Email, CreatedAt: now, UpdatedAt: now, ConfirmationSentAt: &now,
		UserMetaData: p.Data, AppMetaData: map[string]any{"provider": "email", "providers": []any{"email"}}, Identities: []identity{}}
}

// sendConfirmation is sendConfirmation / sendInvite: a token hash in
// confirmation_token and an email in the inbox.
func (s *Server) sendConfirmation(t *txn, u *user, redirectTo, method, challenge, mailType, authMethod string) error {
	if err := s.checkFrequency(u.ConfirmationSentAt); err != nil && mailType == "signup" {
		return err
	}
	otp := s.otpDigits(s.cfg.Email.OTPLength)
	hash := tokenHash(u.Email, otp)
	linkToken := hash
	if challenge != "" {
		if err := s.createFlowState(t, u.ID, method, challenge, authMethod); err != nil {
			return err
		}
		linkToken = "pkce_" + hash
	}
	now := s.nowUTC()
	u.ConfirmationToken = linkToken
	u.ConfirmationSentAt = &now
	if mailType == "invite" {
		u.InvitedAt = &now
	}
	u.UpdatedAt = now
	if err := t.updateUser(u); err != nil {
		return dbError(err, "Database error updating user for confirmation")
	}
	return s.mail(t, u, u.Email, mailType, otp, hash, linkToken, redirectTo)
}

// signupAnonymously is SignupAnonymously: a user with no email or phone,
// is_anonymous = true, and a session with the anonymous AMR method.
func (s *Server) signupAnonymously(w http.ResponseWriter, r *http.Request, p signupParams) error {
	if !s.cfg.EnableSignup {
		return unprocessable(codeSignupDisabled, "Signups not allowed for this instance")
	}
	var resp *sessionResponse
	err := s.tx(ctxOf(r), func(t *txn) error {
		u := s.newUser("", "", "", s.requestAud(r), p.Data)
		u.IsAnonymous = true
		if err := s.createUser(t, u); err != nil {
			return dbError(err, "Database error creating anonymous user")
		}
		var err error
		resp, err = s.issueSession(t, r, u, amrAnonymous)
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, resp)
	return nil
}

// redirectTo is the redirect target of a request: redirect_to from the
// query (auth-js puts it there) or the body, when allowed; else site_url.
func (s *Server) redirectTo(r *http.Request, fromBody string) string {
	u := r.URL.Query().Get("redirect_to")
	if u == "" {
		u = fromBody
	}
	if u != "" && s.redirectAllowed(u) {
		return u
	}
	return s.cfg.SiteURL
}

// redirectAllowed is isRedirectURLValid: same host as site_url, or a
// match of additional_redirect_urls (* within a segment, ** across).
func (s *Server) redirectAllowed(raw string) bool {
	ru, err := parseURL(raw)
	if err != nil {
		return false
	}
	if su, err := parseURL(s.cfg.SiteURL); err == nil && strings.EqualFold(su.Hostname(), ru.Hostname()) {
		return true
	}
	for _, pat := range s.cfg.AdditionalRedirectURLs {
		if pat == raw || globMatch(pat, raw) {
			return true
		}
	}
	return false
}
