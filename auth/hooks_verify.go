package auth

// Default rejection messages of the verification-attempt hooks (GoTrue's
// v0hooks).
const (
	defaultMFAHookRejection      = "Further MFA verification attempts will be rejected."
	defaultPasswordHookRejection = "Further password verification attempts will be rejected."
	codeMFAVerificationRejected  = "mfa_verification_rejected"
)

type passwordAttemptInput struct {
	Metadata *hookMetadata `json:"metadata"`
	UserID   string        `json:"user_id"`
	Valid    bool          `json:"valid"`
}

type passwordAttemptOutput struct {
	Decision         string `json:"decision"`
	Message          string `json:"message"`
	ShouldLogoutUser bool   `json:"should_logout_user"`
}

// passwordAttempt runs the password verification attempt hook after a
// password was checked. A "reject" decision fails the sign-in with
// invalid_credentials and the hook's message, after signing the user out
// everywhere when the hook asks (committed although the request fails).
func (s *Server) passwordAttempt(t *txn, u *user, valid bool) error {
	if !s.cfg.Hooks.PasswordVerificationAttempt.Enabled {
		return nil
	}
	in := passwordAttemptInput{Metadata: s.hookMetadata(t, hookPasswordVerification), UserID: u.ID, Valid: valid}
	var out passwordAttemptOutput
	if err := s.runHook(t, s.cfg.Hooks.PasswordVerificationAttempt, &in, &out); err != nil {
		return err
	}
	if out.Decision != hookRejection {
		return nil
	}
	if out.Message == "" {
		out.Message = defaultPasswordHookRejection
	}
	rejected := badRequest(codeInvalidCredentials, "%s", out.Message)
	if !out.ShouldLogoutUser {
		return rejected
	}
	if err := t.logoutUser(u.ID); err != nil {
		return dbError(err, "Database error logging out user")
	}
	return &commitWithError{rejected}
}

type mfaAttemptInput struct {
	Metadata   *hookMetadata `json:"metadata"`
	UserID     string        `json:"user_id"`
	FactorID   string        `json:"factor_id"`
	FactorType string        `json:"factor_type"`
	Valid      bool          `json:"valid"`
}

type mfaAttemptOutput struct {
	Decision string `json:"decision"`
	Message  string `json:"message"`
}

// mfaAttempt runs the MFA verification attempt hook after a code was
// checked. A "reject" decision signs the user out everywhere and fails
// with 403 mfa_verification_rejected.
func (s *Server) mfaAttempt(t *txn, u *user, f *factor, valid bool) error {
	if !s.cfg.Hooks.MFAVerificationAttempt.Enabled {
		return nil
	}
	in := mfaAttemptInput{Metadata: s.hookMetadata(t, hookMFAVerification), UserID: u.ID, FactorID: f.ID, FactorType: f.FactorType, Valid: valid}
	var out mfaAttemptOutput
	if err := s.runHook(t, s.cfg.Hooks.MFAVerificationAttempt, &in, &out); err != nil {
		return err
	}
	if out.Decision != hookRejection {
		return nil
	}
	if err := t.logoutUser(u.ID); err != nil {
		return dbError(err, "Database error logging out user")
	}
	if out.Message == "" {
		out.Message = defaultMFAHookRejection
	}
	return &commitWithError{forbidden(codeMFAVerificationRejected, "%s", out.Message)}
}

// logoutUser is models.Logout: every session of the user ends (their
// refresh tokens go with them).
func (t *txn) logoutUser(userID string) error {
	_, err := t.exec(`delete from auth.sessions where user_id = $1::uuid`, userID)
	return err
}

type beforeUserCreatedInput struct {
	Metadata *hookMetadata `json:"metadata"`
	User     *user         `json:"user"`
}

type beforeUserCreatedOutput struct {
	Decision string `json:"decision"`
	Message  string `json:"message"`
}

// createUser inserts a new user after the before-user-created hook let
// it through: the hook's error object (or a "reject" decision) refuses
// the sign-up and nothing is written.
func (s *Server) createUser(t *txn, u *user) error {
	if s.cfg.Hooks.BeforeUserCreated.Enabled {
		in := beforeUserCreatedInput{Metadata: s.hookMetadata(t, hookBeforeUserCreated), User: u}
		var out beforeUserCreatedOutput
		if err := s.runHook(t, s.cfg.Hooks.BeforeUserCreated, &in, &out); err != nil {
			return err
		}
		if out.Decision == hookRejection {
			msg := out.Message
			if msg == "" {
				msg = "Hook rejected the request"
			}
			return forbidden("", "%s", msg)
		}
	}
	return t.insertUser(u)
}

// emailData is GoTrue's mailer.EmailData: what the send-email hook gets
// instead of an email.
type emailData struct {
	Token           string `json:"token"`
	TokenHash       string `json:"token_hash"`
	RedirectTo      string `json:"redirect_to"`
	EmailActionType string `json:"email_action_type"`
	SiteURL         string `json:"site_url"`
	TokenNew        string `json:"token_new"`
	TokenHashNew    string `json:"token_hash_new"`
}

type sendEmailInput struct {
	Metadata  *hookMetadata `json:"metadata"`
	User      *user         `json:"user"`
	EmailData emailData     `json:"email_data"`
}

// sendEmailHook hands an email to the send-email hook, which replaces
// delivery (the local inbox gets nothing); its error fails the request.
func (s *Server) sendEmailHook(t *txn, u *user, action, redirectTo, otp, hash, otpNew, hashNew string) error {
	in := sendEmailInput{Metadata: s.hookMetadata(t, hookSendEmail), User: u, EmailData: emailData{
		Token: otp, TokenHash: hash, RedirectTo: redirectTo, EmailActionType: action, SiteURL: s.cfg.SiteURL,
		TokenNew: otpNew, TokenHashNew: hashNew,
	}}
	return s.runHook(t, s.cfg.Hooks.SendEmail, &in, nil)
}

// pkceHash prefixes a token hash for the PKCE flow ("" stays "").
func pkceHash(prefix, hash string) string {
	if hash == "" {
		return ""
	}
	return prefix + hash
}
