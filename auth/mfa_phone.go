package auth

import "net/http"

// sendSMSInput is GoTrue's SendSMSInput: the hook delivers the code.
type sendSMSInput struct {
	Metadata *hookMetadata `json:"metadata"`
	User     *user         `json:"user,omitempty"`
	SMS      smsData       `json:"sms"`
}

type smsData struct {
	OTP     string `json:"otp,omitempty"`
	SMSType string `json:"sms_type,omitempty"`
	Phone   string `json:"phone,omitempty"`
}

// challengePhone is the phone factor's challenge: a code of
// [auth.mfa.phone] otp_length digits goes to the send-sms hook or, without
// it, to the [auth.sms] provider (the local inbox), and the challenge keeps
// it for verify.
func (s *Server) challengePhone(t *txn, r *http.Request, u *user, f *factor) (map[string]any, error) {
	code := s.otpDigits(s.cfg.MFA.Phone.OTPLength)
	if s.cfg.Hooks.SendSMS.Enabled {
		in := sendSMSInput{Metadata: s.hookMetadata(t, hookSendSMS), User: u, SMS: smsData{OTP: code, SMSType: "sms", Phone: f.Phone}}
		if err := s.runHook(t, s.cfg.Hooks.SendSMS, &in, nil); err != nil {
			return nil, err
		}
	} else if err := s.deliverMFASMS(f.Phone, code); err != nil {
		return nil, err
	}
	now := s.nowUTC()
	id := s.newID()
	if _, err := t.exec(`insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code) values ($1::uuid, $2::uuid, $3::timestamptz, $4::inet, $5)`,
		id, f.ID, pgTime(now), challengeIP(r), code); err != nil {
		return nil, dbError(err, "Database error creating challenge")
	}
	if _, err := t.exec(`update auth.mfa_factors set last_challenged_at = $2::timestamptz where id = $1::uuid`, f.ID, pgTime(now)); err != nil {
		return nil, dbError(err, "Database error updating factor")
	}
	return map[string]any{"id": id, "type": "phone", "expires_at": now.Add(mfaChallengeExpiry).Unix()}, nil
}

// challengeOTP is the code a phone challenge sent ("" when none was).
func (t *txn) challengeOTP(challengeID string) (string, error) {
	rows, err := t.query(`select otp_code from auth.mfa_challenges where id = $1::uuid`, challengeID)
	if err != nil {
		return "", dbError(err, "Database error finding Challenge")
	}
	if len(rows) == 0 {
		return "", nil
	}
	return str(rows[0][0]), nil
}

// deliverMFASMS sends a phone factor's code through the provider with
// the CLI's [auth.mfa.phone] template (tinybase reads no template key
// there), failing as GoTrue does.
func (s *Server) deliverMFASMS(phone, code string) error {
	text, err := SMSConfig{Template: defaultSMSConfig().Template}.render(code)
	if err != nil {
		return internalError(err, "error generating sms template")
	}
	s.inbox.add(Email{To: phone, Subject: "SMS", Type: "sms", OTP: code, SentAt: s.nowUTC(), Body: text, Text: text})
	if s.sms != nil {
		if _, err := s.sms.SendSMS(s.cfg.SMS.Provider, phone, channelSMS, text); err != nil {
			return internalError(err, "error sending message")
		}
	}
	return nil
}
