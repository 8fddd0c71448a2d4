package auth

import (
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// SMSSender delivers a text message. tinybase never sends a real SMS: the
// root package passes the local inbox, which keeps the message addressed
// to the phone number.
type SMSSender interface {
	SendSMS(provider, phone, channel, text string) (id string, err error)
}

// WithSMSSender delivers the OTP messages of the enabled
// [auth.sms.<provider>] through m, besides keeping them in the server's own
// Inbox.
func WithSMSSender(m SMSSender) Option { return func(s *Server) { s.sms = m } }

const (
	phoneConfirmationOTP = "confirmation"
	phoneChangeOTP       = "phone_change"
	phoneReauthOTP       = "reauthentication"

	channelSMS      = "sms"
	channelWhatsApp = "whatsapp"

	codeSMSSendFailed        = "sms_send_failed"
	codeOverSMSSendRateLimit = "over_sms_send_rate_limit"
	codePhoneNotConfirmed    = "phone_not_confirmed"

	invalidChannelMsg = "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider."
)

// validChannel is IsValidMessageChannel: any channel goes to the send-sms
// hook; WhatsApp needs a Twilio provider.
func (s *Server) validChannel(channel string) bool {
	if s.cfg.Hooks.SendSMS.Enabled {
		return true
	}
	switch channel {
	case channelSMS:
		return true
	case channelWhatsApp:
		return s.cfg.SMS.Provider == "twilio" || s.cfg.SMS.Provider == "twilio_verify"
	}
	return false
}

func (u *user) isPhoneConfirmed() bool { return u.PhoneConfirmedAt != nil }

// sendPhoneOTP is sendPhoneConfirmation: an OTP for phone (kept hashed in
// confirmation_token or phone_change_token) goes to the send-sms hook or
// the provider, unless phone has a test OTP. It returns the message ID.
func (s *Server) sendPhoneOTP(t *txn, u *user, phone, otpType, channel string) (string, error) {
	sentAt := u.ConfirmationSentAt
	switch otpType {
	case phoneChangeOTP:
		sentAt = u.PhoneChangeSentAt
		u.PhoneChange = phone
	case phoneReauthOTP:
		sentAt = u.ReauthenticationSentAt
	}
	now := s.nowUTC()
	freq := s.cfg.SMS.MaxFrequency
	if freq <= 0 {
		freq = time.Minute // GoTrue's default for an unset GOTRUE_SMS_MAX_FREQUENCY
	}
	// GoTrue checks the frequency before the test OTP, so both behave alike.
	if sentAt != nil && !sentAt.Add(freq).Before(now) {
		left := sentAt.Add(freq).Sub(now) / time.Second
		return "", newError(http.StatusTooManyRequests, codeOverSMSSendRateLimit, "For security purposes, you can only request this after %d seconds.", left)
	}
	otp, testOTP := s.cfg.SMS.testOTP(phone, now)
	messageID := ""
	if testOTP {
		messageID = "test-otp"
	} else {
		if !s.cfg.SMS.autoconfirm() && !s.limiter.allow(limitSMS, "", now) {
			return "", newError(http.StatusTooManyRequests, codeOverSMSSendRateLimit, "SMS rate limit exceeded")
		}
		otp = s.otpDigits(s.cfg.SMS.OTPLength)
		if s.cfg.Hooks.SendSMS.Enabled {
			in := sendSMSInput{Metadata: s.hookMetadata(t, hookSendSMS), User: u, SMS: smsData{OTP: otp, Phone: phone}}
			if err := s.runHook(t, s.cfg.Hooks.SendSMS, &in, nil); err != nil {
				return "", err
			}
		} else {
			id, err := s.deliverSMS(phone, channel, otp, otpType)
			if err != nil {
				return "", err
			}
			_ = id // GoTrue drops the provider's ID here (a shadowed variable); so does tinybase.
		}
	}
	hash := tokenHash(phone, otp)
	switch otpType {
	case phoneChangeOTP:
		u.PhoneChangeToken, u.PhoneChangeSentAt = hash, &now
	case phoneReauthOTP:
		u.ReauthenticationToken, u.ReauthenticationSentAt = hash, &now
	default:
		u.ConfirmationToken, u.ConfirmationSentAt = hash, &now
	}
	u.UpdatedAt = now
	if err := t.updateUser(u); err != nil {
		return "", dbError(err, "Database error updating user for phone")
	}
	return messageID, nil
}

// deliverSMS renders the template and hands the message to the provider:
// the local inbox (the Server's Inbox and the SMSSender).
func (s *Server) deliverSMS(phone, channel, otp, otpType string) (string, error) {
	if s.cfg.SMS.Provider == "" {
		return "", internalError(fmt.Errorf("sms Provider %s could not be found", s.cfg.SMS.Provider), "Unable to get SMS provider")
	}
	text, err := s.cfg.SMS.render(otp)
	if err != nil {
		return "", internalError(err, "error generating sms template")
	}
	e := s.inbox.add(Email{To: phone, Subject: "SMS", Type: "sms", OTP: otp, SentAt: s.nowUTC(), Body: text, Text: text})
	id := strconv.Itoa(e.ID)
	if s.sms != nil {
		if id, err = s.sms.SendSMS(s.cfg.SMS.Provider, phone, channel, text); err != nil {
			return "", unprocessable(codeSMSSendFailed, "Error sending %s OTP to provider: %v", otpType, err)
		}
	}
	return id, nil
}

// confirmPhone is ConfirmPhone.
func (s *Server) confirmPhone(t *txn, u *user) error {
	now := s.nowUTC()
	u.ConfirmationToken = ""
	u.PhoneConfirmedAt = &now
	u.UpdatedAt = now
	if err := t.updateUser(u); err != nil {
		return internalError(err, "Database error updating user")
	}
	return nil
}

// signupPhone is Signup for the phone provider.
func (s *Server) signupPhone(w http.ResponseWriter, r *http.Request, p signupParams) error {
	if p.Channel == "" {
		p.Channel = channelSMS
	}
	if !s.validChannel(p.Channel) {
		return badRequest(codeValidationFailed, invalidChannelMsg)
	}
	if p.CodeChallenge != "" {
		return badRequest(codeValidationFailed, "PKCE not supported for phone signups")
	}
	if !s.cfg.SMS.EnableSignup {
		return badRequest(codePhoneProviderDisabled, "Phone signups are disabled")
	}
	phone, err := validatePhone(p.Phone)
	if err != nil {
		return err
	}
	var resp any
	err = s.tx(ctxOf(r), func(t *txn) error {
		var err error
		resp, err = s.signupPhoneTx(t, r, phone, p)
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, resp)
	return nil
}

// signupPhoneTx creates (or finds the unconfirmed) user of phone, confirms
// it or sends the OTP, and returns the response: a session once the
// number is confirmed, else the user.
func (s *Server) signupPhoneTx(t *txn, r *http.Request, phone string, p signupParams) (any, error) {
	aud := s.requestAud(r)
	u, err := t.userByPhone(phone, aud)
	if err != nil && !isNotFound(err) {
		return nil, dbError(err, "Database error finding user")
	}
	if u != nil && u.isPhoneConfirmed() {
		if s.autoconfirm() || s.cfg.SMS.autoconfirm() {
			return nil, unprocessable(codeUserAlreadyExists, "User already registered")
		}
		now := s.nowUTC()
		return &user{ID: s.newID(), Aud: aud, Phone: u.Phone, CreatedAt: now, UpdatedAt: now, ConfirmationSentAt: &now,
			UserMetaData: p.Data, AppMetaData: map[string]any{"provider": "phone", "providers": []any{"phone"}}, Identities: []identity{}}, nil
	}
	if u == nil {
		hash, err := s.hashPassword(p.Password)
		if err != nil {
			return nil, err
		}
		u = s.newUser("", phone, hash, aud, p.Data)
		u.AppMetaData = map[string]any{"provider": "phone", "providers": []any{"phone"}}
		if err := s.createUser(t, u); err != nil {
			return nil, dbError(err, "Database error saving new user")
		}
	}
	if !hasIdentity(u, "phone") {
		if _, err := s.createIdentity(t, u, "phone", "", p.Data); err != nil {
			return nil, err
		}
	}
	if s.cfg.SMS.autoconfirm() {
		if err := s.confirmPhone(t, u); err != nil {
			return nil, err
		}
	} else if _, err := s.sendPhoneOTP(t, u, phone, phoneConfirmationOTP, p.Channel); err != nil {
		return nil, err
	}
	if u.isConfirmed() || u.isPhoneConfirmed() {
		return s.issueSession(t, r, u, amrPassword)
	}
	return u, nil
}

// otpPhone is SmsOtp (POST /otp with a phone): a new or unconfirmed number
// is signed up first (with a random password); a confirmed one gets an OTP.
func (s *Server) otpPhone(w http.ResponseWriter, r *http.Request, p emailParams) error {
	aud := s.requestAud(r)
	if p.CreateUser != nil && !*p.CreateUser {
		phone, err := validatePhone(p.Phone)
		if err != nil {
			return err
		}
		err = s.tx(ctxOf(r), func(t *txn) error {
			_, err := t.userByPhone(phone, aud)
			return err
		})
		if isNotFound(err) {
			return unprocessable(codeOTPDisabled, "Signups not allowed for otp")
		}
	}
	if !s.cfg.SMS.EnableSignup {
		return badRequest(codePhoneProviderDisabled, "Unsupported phone provider")
	}
	if p.Channel == "" {
		p.Channel = channelSMS
	}
	phone, err := validatePhone(p.Phone)
	if err != nil {
		return err
	}
	if !s.validChannel(p.Channel) {
		return badRequest(codeValidationFailed, invalidChannelMsg)
	}
	messageID := ""
	err = s.tx(ctxOf(r), func(t *txn) error {
		u, err := t.userByPhone(phone, aud)
		if err != nil && !isNotFound(err) {
			return dbError(err, "Database error finding user")
		}
		if u == nil || !u.isPhoneConfirmed() {
			if !s.cfg.EnableSignup {
				return unprocessable(codeSignupDisabled, "Signups not allowed for this instance")
			}
			sp := signupParams{Phone: phone, Password: s.alphanumeric(64), Data: p.Data, Channel: p.Channel}
			if sp.Data == nil {
				sp.Data = map[string]any{}
			}
			if _, err := s.signupPhoneTx(t, r, phone, sp); err != nil {
				return err
			}
			if !s.cfg.SMS.autoconfirm() {
				return nil
			}
			// Sign-ups are confirmed at once: the OTP follows.
			if u, err = t.userByPhone(phone, aud); err != nil {
				return dbError(err, "Database error finding user")
			}
		}
		messageID, err = s.sendPhoneOTP(t, u, phone, phoneConfirmationOTP, p.Channel)
		return err
	})
	if err != nil {
		return err
	}
	out := map[string]string{}
	if messageID != "" {
		out["message_id"] = messageID
	}
	sendJSON(w, http.StatusOK, out)
	return nil
}

// userByPhoneOTP is verifyUserAndToken for sms and phone_change.
func (s *Server) userByPhoneOTP(t *txn, p verifyParams, aud string) (*user, error) {
	var u *user
	var err error
	switch p.Type {
	case "phone_change":
		u, err = t.findUser("phone_change = $1 and aud = $2 and is_sso_user = false", p.Phone, aud)
	case "sms":
		u, err = t.userByPhone(p.Phone, aud)
	default:
		err = errNotFound
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
	if otp, ok := s.cfg.SMS.testOTP(p.Phone, s.now()); ok && p.Token == otp {
		return u, nil
	}
	expected, sentAt := u.ConfirmationToken, u.ConfirmationSentAt
	if p.Type == "phone_change" {
		expected, sentAt = u.PhoneChangeToken, u.PhoneChangeSentAt
	}
	if sentAt == nil || s.now().After(sentAt.Add(time.Duration(s.cfg.SMS.OTPExpiry)*time.Second)) ||
		!tokenEqual(expected, tokenHash(p.Phone, p.Token)) {
		return nil, forbidden(codeOTPExpired, "Token has expired or is invalid")
	}
	return u, nil
}

// applyPhoneVerification is smsVerify: the number is confirmed, or the
// pending change applied (the phone identity created or updated).
func (s *Server) applyPhoneVerification(t *txn, typ string, u *user) error {
	if typ == "sms" {
		if err := s.confirmPhone(t, u); err != nil {
			return err
		}
	} else {
		phone := u.PhoneChange
		now := s.nowUTC()
		found := false
		for i := range u.Identities {
			id := &u.Identities[i]
			if id.Provider != "phone" {
				continue
			}
			found = true
			if id.IdentityData == nil {
				id.IdentityData = map[string]any{}
			}
			id.IdentityData["phone"], id.IdentityData["phone_verified"] = phone, true
			id.UpdatedAt = now
			if err := t.updateIdentity(id); err != nil {
				return dbError(err, "Database error updating identity")
			}
		}
		if !found {
			id, err := s.createIdentity(t, u, "phone", "", nil)
			if err != nil {
				return err
			}
			id.IdentityData["phone"], id.IdentityData["phone_verified"] = phone, true
			u.Identities[len(u.Identities)-1] = *id
			if err := t.updateIdentity(id); err != nil {
				return dbError(err, "Database error updating identity")
			}
		}
		u.Phone, u.PhoneChange, u.PhoneChangeToken, u.PhoneConfirmedAt = phone, "", "", &now
	}
	u.IsAnonymous = false
	u.UpdatedAt = s.nowUTC()
	u.syncProviders()
	if err := t.updateUser(u); err != nil {
		return internalError(err, "Error confirming user")
	}
	return nil
}

// resendPhone is Resend for sms and phone_change (the user of a
// phone_change found by its phone or its email).
func (s *Server) resendPhone(w http.ResponseWriter, r *http.Request, p emailParams) error {
	var phone, email string
	var err error
	if p.Phone != "" {
		if !s.cfg.SMS.EnableSignup {
			return badRequest(codePhoneProviderDisabled, "Phone logins are disabled")
		}
		if phone, err = validatePhone(p.Phone); err != nil {
			return err
		}
	} else {
		if !s.cfg.Email.EnableSignup {
			return badRequest(codeEmailProviderDisabled, "Email logins are disabled")
		}
		if email, err = validateEmail(p.Email); err != nil {
			return err
		}
	}
	messageID := ""
	err = s.tx(ctxOf(r), func(t *txn) error {
		var u *user
		var err error
		if phone != "" {
			u, err = t.userByPhone(phone, s.requestAud(r))
		} else {
			u, err = t.userByEmail(email, s.requestAud(r))
		}
		if err != nil {
			if isNotFound(err) {
				return nil
			}
			return dbError(err, "Unable to process request")
		}
		if p.Type == "sms" {
			if u.isPhoneConfirmed() {
				return nil
			}
			messageID, err = s.sendPhoneOTP(t, u, phone, phoneConfirmationOTP, channelSMS)
			return err
		}
		if u.PhoneChange == "" {
			return nil
		}
		messageID, err = s.sendPhoneOTP(t, u, u.PhoneChange, phoneChangeOTP, channelSMS)
		return err
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

// verifyPhone is POST /verify with a phone and its OTP: a session.
func (s *Server) verifyPhone(w http.ResponseWriter, r *http.Request, p verifyParams) error {
	var resp *sessionResponse
	err := s.tx(ctxOf(r), func(t *txn) error {
		u, err := s.userByPhoneOTP(t, p, s.requestAud(r))
		if err != nil {
			return err
		}
		if err := s.applyPhoneVerification(t, p.Type, u); err != nil {
			return err
		}
		resp, err = s.issueSession(t, r, u, amrOTP)
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, resp)
	return nil
}
