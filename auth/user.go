package auth

import (
	"encoding/json"
	"net/http"
	"time"
)

// getUser is GET /user.
func (s *Server) getUser(w http.ResponseWriter, r *http.Request) error {
	var u *user
	err := s.read(ctxOf(r), func(t *txn) error {
		a, err := s.requireAuth(r, t)
		if err != nil {
			return err
		}
		if err := s.checkAudience(r, a.claims); err != nil {
			return err
		}
		u = a.user
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, u)
	return nil
}

type userUpdateParams struct {
	Email               string          `json:"email"`
	Password            *string         `json:"password"`
	CurrentPassword     *string         `json:"current_password"`
	Nonce               string          `json:"nonce"`
	Data                map[string]any  `json:"data"`
	AppData             json.RawMessage `json:"app_metadata"`
	Phone               string          `json:"phone"`
	Channel             string          `json:"channel"`
	CodeChallenge       string          `json:"code_challenge"`
	CodeChallengeMethod string          `json:"code_challenge_method"`
}

// updateUser is PUT /user (UserUpdate): password, user_metadata (data),
// email (a confirmation email, or directly for an anonymous user when
// confirmations are off).
func (s *Server) updateUser(w http.ResponseWriter, r *http.Request) error {
	var p userUpdateParams
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.Email != "" {
		e, err := validateEmail(p.Email)
		if err != nil {
			return err
		}
		p.Email = e
	}
	if p.Password != nil {
		if err := s.checkPasswordStrength(*p.Password); err != nil {
			return err
		}
	}
	if err := validatePKCE(p.CodeChallengeMethod, p.CodeChallenge); err != nil {
		return err
	}
	if p.Phone != "" {
		ph, err := validatePhone(p.Phone)
		if err != nil {
			return err
		}
		p.Phone = ph
		if p.Channel == "" {
			p.Channel = channelSMS
		}
		if !s.validChannel(p.Channel) {
			return badRequest(codeValidationFailed, invalidChannelMsg)
		}
	}
	redirectTo := s.redirectTo(r, "")
	var u *user
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireAuth(r, t)
		if err != nil {
			return err
		}
		if err := s.checkAudience(r, a.claims); err != nil {
			return err
		}
		u = a.user
		if len(p.AppData) > 0 && string(p.AppData) != "null" {
			return forbidden(codeNotAdmin, "Updating app_metadata requires admin privileges")
		}
		if u.IsAnonymous && p.Password != nil && *p.Password != "" && p.Email == "" && p.Phone == "" {
			return unprocessable(codeValidationFailed, "Updating password of an anonymous user without an email or phone is not allowed")
		}
		if p.Email != "" && p.Email != u.Email {
			if _, err := t.userByEmail(p.Email, u.Aud); err == nil {
				return unprocessable(codeEmailExists, "A user with this email address has already been registered")
			} else if !isNotFound(err) {
				return dbError(err, "Database error checking email")
			}
		}
		if p.Phone != "" && p.Phone != u.Phone {
			if _, err := t.userByPhone(p.Phone, u.Aud); err == nil {
				return unprocessable(codePhoneExists, "A user with this phone number has already been registered")
			} else if !isNotFound(err) {
				return dbError(err, "Database error checking phone")
			}
		}
		now := s.nowUTC()
		if p.Password != nil && s.cfg.Email.SecurePasswordChange && (a.session == nil || now.After(a.session.CreatedAt.Add(24*time.Hour))) {
			// UpdatePasswordRequireReauthentication: an old session must
			// prove itself with the GET /reauthenticate code.
			if p.Nonce == "" {
				return badRequest(codeReauthenticationNeeded, "Password update requires reauthentication")
			}
			if err := s.verifyReauthentication(u, p.Nonce); err != nil {
				return err
			}
		}
		if p.Password != nil {
			if *p.Password != "" && checkPassword(u.EncryptedPassword, *p.Password) {
				return unprocessable(codeSamePassword, "New password should be different from the old password.")
			}
			hash, err := s.hashPassword(*p.Password)
			if err != nil {
				return err
			}
			u.EncryptedPassword = hash
			// UpdatePassword: every other session of the user ends.
			keep := ""
			if a.session != nil {
				keep = a.session.ID
			}
			if _, err := t.exec(`delete from auth.sessions where user_id = $1::uuid and id::text <> $2`, u.ID, keep); err != nil {
				return dbError(err, "Error during password storage")
			}
		}
		if p.Data != nil {
			if u.UserMetaData == nil {
				u.UserMetaData = map[string]any{}
			}
			for k, v := range p.Data {
				if v == nil {
					delete(u.UserMetaData, k)
				} else {
					u.UserMetaData[k] = v
				}
			}
		}
		u.UpdatedAt = now
		if err := t.updateUser(u); err != nil {
			return dbError(err, "Error updating user")
		}
		if p.Phone != "" && p.Phone != u.Phone {
			if s.cfg.SMS.autoconfirm() {
				u.PhoneChange = p.Phone
				if err := s.applyPhoneVerification(t, "phone_change", u); err != nil {
					return err
				}
			} else if _, err := s.sendPhoneOTP(t, u, p.Phone, phoneChangeOTP, p.Channel); err != nil {
				return err
			}
		}
		if p.Email != "" && p.Email != u.Email {
			if u.IsAnonymous && s.autoconfirm() {
				return s.applyEmailChange(t, u, p.Email)
			}
			return s.sendEmailChange(t, u, p.Email, redirectTo, p.CodeChallengeMethod, p.CodeChallenge)
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, u)
	return nil
}

// sendEmailChange is sendEmailChange: tokens for the new address (and the
// current one with double_confirm_changes) and the emails.
func (s *Server) sendEmailChange(t *txn, u *user, newEmail, redirectTo, method, challenge string) error {
	if err := s.checkFrequency(u.EmailChangeSentAt); err != nil {
		return err
	}
	pkce := ""
	if challenge != "" {
		if err := s.createFlowState(t, u.ID, method, challenge, amrEmailChg); err != nil {
			return err
		}
		pkce = "pkce_"
	}
	now := s.nowUTC()
	otpNew := s.otpDigits(s.cfg.Email.OTPLength)
	hashNew := tokenHash(newEmail, otpNew)
	u.EmailChange = newEmail
	u.EmailChangeTokenNew = pkce + hashNew
	u.EmailChangeTokenCurrent = ""
	u.EmailChangeConfirmStatus = 0
	u.EmailChangeSentAt = &now
	var otpCur, hashCur string
	if s.cfg.Email.DoubleConfirmChanges && u.Email != "" {
		otpCur = s.otpDigits(s.cfg.Email.OTPLength)
		hashCur = tokenHash(u.Email, otpCur)
		u.EmailChangeTokenCurrent = pkce + hashCur
	}
	u.UpdatedAt = now
	if err := t.updateUser(u); err != nil {
		return dbError(err, "Error sending change email")
	}
	if s.cfg.Hooks.SendEmail.Enabled {
		// One hook call carries both addresses' tokens, as GoTrue's: the
		// new address's in token / token_hash, the current one's in
		// token_new / token_hash_new.
		return s.sendEmailHook(t, u, "email_change", redirectTo, otpNew, pkce+hashNew, otpCur, pkceHash(pkce, hashCur))
	}
	if hashCur != "" {
		if err := s.mail(t, u, u.Email, "email_change_current", otpCur, hashCur, pkce+hashCur, redirectTo); err != nil {
			return err
		}
	}
	return s.mail(t, u, newEmail, "email_change_new", otpNew, hashNew, pkce+hashNew, redirectTo)
}

// applyEmailChange makes the pending address the user's confirmed email
// (emailChangeVerify once every required link was followed).
func (s *Server) applyEmailChange(t *txn, u *user, newEmail string) error {
	now := s.nowUTC()
	u.Email = newEmail
	u.EmailConfirmedAt = &now
	u.EmailChange, u.EmailChangeTokenNew, u.EmailChangeTokenCurrent = "", "", ""
	u.EmailChangeConfirmStatus = 0
	wasAnon := u.IsAnonymous
	u.IsAnonymous = false
	u.UpdatedAt = now
	if err := t.updateUser(u); err != nil {
		return dbError(err, "Error updating user")
	}
	found := false
	for i := range u.Identities {
		id := &u.Identities[i]
		if id.Provider == "email" {
			found = true
			id.IdentityData["email"] = newEmail
			id.IdentityData["email_verified"] = true
			id.UpdatedAt = now
			if err := t.updateIdentity(id); err != nil {
				return dbError(err, "Error updating identity")
			}
		}
	}
	if !found {
		id, err := s.createIdentity(t, u, "email", newEmail, nil)
		if err != nil {
			return err
		}
		id.IdentityData["email_verified"] = true
		if err := t.updateIdentity(id); err != nil {
			return dbError(err, "Error updating identity")
		}
		u.Identities[len(u.Identities)-1] = *id
	}
	if wasAnon || u.AppMetaData["provider"] == nil {
		u.AppMetaData["provider"] = "email"
	}
	u.syncProviders()
	if err := t.updateUser(u); err != nil {
		return dbError(err, "Error updating user")
	}
	return nil
}

// logout is POST /logout?scope=global|local|others.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	scope := r.URL.Query().Get("scope")
	switch scope {
	case "", "global", "local", "others":
	default:
		return badRequest(codeValidationFailed, "Unsupported logout scope %q", scope)
	}
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireAuth(r, t)
		if err != nil {
			return err
		}
		if a.session == nil || scope == "" || scope == "global" {
			_, err = t.exec(`delete from auth.sessions where user_id = $1::uuid`, a.user.ID)
		} else if scope == "local" {
			_, err = t.exec(`delete from auth.sessions where id = $1::uuid`, a.session.ID)
		} else {
			_, err = t.exec(`delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid`, a.user.ID, a.session.ID)
		}
		if err != nil {
			return dbError(err, "Error logging out user")
		}
		// Refresh tokens go with their session (ON DELETE CASCADE); the
		// statement below also covers schemas without the cascade.
		if _, err := t.exec(`delete from auth.refresh_tokens where user_id = $1 and session_id is not null and session_id not in (select id from auth.sessions)`, a.user.ID); err != nil {
			return dbError(err, "Error logging out user")
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
