package auth

import (
	"net/http"
	"time"
)

const invalidNonceMessage = "Nonce has expired or is invalid"

// reauthenticate is GET /reauthenticate: a one-time code mailed (or, for
// a user with only a phone, sent by SMS) to the user, required by PUT
// /user to change the password when [auth.email] secure_password_change
// is on.
func (s *Server) reauthenticate(w http.ResponseWriter, r *http.Request) error {
	messageID := ""
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireAuth(r, t)
		if err != nil {
			return err
		}
		u := a.user
		if u.Email == "" {
			if u.Phone == "" {
				return badRequest(codeValidationFailed, "Reauthentication requires the user to have an email or a phone number")
			}
			if !u.isPhoneConfirmed() {
				return unprocessable(codePhoneNotConfirmed, "Please verify your phone first.")
			}
			messageID, err = s.sendPhoneOTP(t, u, u.Phone, phoneReauthOTP, channelSMS)
			return err
		}
		if !u.isConfirmed() {
			return unprocessable(codeEmailNotConfirmed, "Please verify your email first.")
		}
		if err := s.checkFrequency(u.ReauthenticationSentAt); err != nil {
			return err
		}
		otp := s.otpDigits(s.cfg.Email.OTPLength)
		now := s.nowUTC()
		u.ReauthenticationToken = tokenHash(u.Email, otp)
		u.ReauthenticationSentAt = &now
		u.UpdatedAt = now
		if err := t.updateUser(u); err != nil {
			return dbError(err, "Database error updating user for reauthentication")
		}
		return s.mail(t, u, u.Email, "reauthentication", otp, u.ReauthenticationToken, "", "")
	})
	if err != nil {
		return err
	}
	out := map[string]any{}
	if messageID != "" {
		out["message_id"] = messageID
	}
	sendJSON(w, http.StatusOK, out)
	return nil
}

// verifyReauthentication checks PUT /user's nonce and consumes it.
func (s *Server) verifyReauthentication(u *user, nonce string) error {
	if u.ReauthenticationToken == "" || u.ReauthenticationSentAt == nil {
		return unprocessable(codeReauthNotValid, invalidNonceMessage)
	}
	if u.Email == "" && u.Phone != "" {
		// A phone user's code came by SMS: the number's hash, SMS expiry.
		exp := u.ReauthenticationSentAt.Add(time.Duration(s.cfg.SMS.OTPExpiry) * time.Second)
		if s.now().After(exp) || !tokenEqual(u.ReauthenticationToken, tokenHash(u.Phone, nonce)) {
			return unprocessable(codeReauthNotValid, invalidNonceMessage)
		}
	} else if !s.otpValid(u.ReauthenticationToken, tokenHash(u.Email, nonce), u.ReauthenticationSentAt) {
		return unprocessable(codeReauthNotValid, invalidNonceMessage)
	}
	u.ReauthenticationToken = ""
	u.ReauthenticationSentAt = nil
	return nil
}
