package auth

import (
	"net/http"
)

// token is POST /token?grant_type=password|refresh_token|pkce.
func (s *Server) token(w http.ResponseWriter, r *http.Request) error {
	switch r.URL.Query().Get("grant_type") {
	case "password":
		if err := s.checkLimit(limitSignIn, r); err != nil {
			return err
		}
		return s.passwordGrant(w, r)
	case "refresh_token":
		if err := s.checkLimit(limitRefresh, r); err != nil {
			return err
		}
		return s.refreshGrant(w, r)
	case "pkce":
		return s.pkceGrant(w, r)
	case "id_token":
		return s.idTokenGrant(w, r)
	case "web3":
		return s.web3Grant(w, r)
	}
	return badRequest(codeInvalidCredentials, "unsupported_grant_type")
}

// passwordGrant is ResourceOwnerPasswordGrant.
func (s *Server) passwordGrant(w http.ResponseWriter, r *http.Request) error {
	var p struct {
		Email    string `json:"email"`
		Phone    string `json:"phone"`
		Password string `json:"password"`
	}
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.Email != "" && p.Phone != "" {
		return badRequest(codeValidationFailed, "Only an email address or phone number should be provided on login.")
	}
	if p.Email == "" && p.Phone == "" {
		return badRequest(codeValidationFailed, "missing email or phone")
	}
	if p.Email != "" && !s.cfg.Email.EnableSignup {
		return unprocessable(codeEmailProviderDisabled, "Email logins are disabled")
	}
	if p.Phone != "" {
		if !s.cfg.SMS.EnableSignup {
			return unprocessable(codePhoneProviderDisabled, "Phone logins are disabled")
		}
		p.Phone = formatPhone(p.Phone)
	}
	aud := s.requestAud(r)
	var resp *sessionResponse
	err := s.tx(ctxOf(r), func(t *txn) error {
		var u *user
		var err error
		if p.Phone != "" {
			u, err = t.userByPhone(p.Phone, aud)
		} else {
			u, err = t.userByEmail(p.Email, aud)
		}
		if err != nil {
			if isNotFound(err) {
				// Spend the time a bcrypt comparison takes, so a missing
				// account is not told apart by timing.
				checkPassword(s.dummyHash(), p.Password)
				return badRequest(codeInvalidCredentials, "Invalid login credentials")
			}
			return dbError(err, "Database error querying schema")
		}
		if u.EncryptedPassword == "" {
			return badRequest(codeInvalidCredentials, "Invalid login credentials")
		}
		if u.isBanned(s.now()) {
			return badRequest(codeUserBanned, "User is banned")
		}
		valid := checkPassword(u.EncryptedPassword, p.Password)
		if err := s.passwordAttempt(t, u, valid); err != nil {
			return err
		}
		if !valid {
			return badRequest(codeInvalidCredentials, "Invalid login credentials")
		}
		var weak *weakReport
		if werr := s.checkPasswordStrength(p.Password); werr != nil {
			if e, ok := werr.(*apiError); ok && e.Code == codeWeakPassword {
				weak = &weakReport{Reasons: e.Reasons}
			}
		}
		if p.Email != "" && !u.isConfirmed() {
			return badRequest(codeEmailNotConfirmed, "Email not confirmed")
		}
		if p.Phone != "" && !u.isPhoneConfirmed() {
			return badRequest(codePhoneNotConfirmed, "Phone not confirmed")
		}
		resp, err = s.issueSession(t, r, u, amrPassword)
		if err == nil {
			resp.WeakPassword = weak
		}
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, resp)
	return nil
}

// pkceGrant is PKCE: exchange an auth code and its verifier for a session.
func (s *Server) pkceGrant(w http.ResponseWriter, r *http.Request) error {
	var p struct {
		AuthCode     string `json:"auth_code"`
		CodeVerifier string `json:"code_verifier"`
	}
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.AuthCode == "" || p.CodeVerifier == "" {
		return badRequest(codeValidationFailed, "invalid request: both auth code and code verifier should be non-empty")
	}
	var resp *sessionResponse
	err := s.tx(ctxOf(r), func(t *txn) error {
		rows, err := t.query(`select id, user_id, code_challenge_method, code_challenge, authentication_method, created_at, auth_code_issued_at
 from auth.flow_state where auth_code = $1`, p.AuthCode)
		if err != nil {
			return dbError(err, "Database error finding flow state")
		}
		if len(rows) == 0 || rows[0][1] == nil {
			return notFound(codeFlowStateNotFound, "invalid flow state, no valid flow state found")
		}
		f := rows[0]
		issued := parseTime(f[6])
		if issued == nil {
			issued = parseTime(f[5])
		}
		if issued == nil || s.now().After(issued.Add(s.cfg.FlowStateExpiry)) {
			return unprocessable(codeFlowStateExpired, "invalid flow state, flow state has expired")
		}
		if !verifyCodeVerifier(str(f[2]), str(f[3]), p.CodeVerifier) {
			return badRequest(codeBadCodeVerifier, "code challenge does not match previously saved code verifier")
		}
		u, err := t.userByID(str(f[1]))
		if err != nil {
			return dbError(err, "Database error finding user")
		}
		method := str(f[4])
		if method == "" {
			method = amrOTP
		}
		if resp, err = s.issueSession(t, r, u, method); err != nil {
			return err
		}
		if _, err := t.exec(`delete from auth.flow_state where id = $1::uuid`, str(f[0])); err != nil {
			return dbError(err, "Database error deleting flow state")
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, resp)
	return nil
}
