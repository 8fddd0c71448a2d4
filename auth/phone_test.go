package auth

import (
	"strings"
	"testing"
	"time"
)

// phoneHarness has the phone provider on, confirmations on and a test
// provider (twilio) whose messages stay in the inbox.
func phoneHarness(t *testing.T, mutate func(*Config)) *harness {
	return newHarness(t, func(c *Config) {
		c.SMS.EnableSignup = true
		c.SMS.EnableConfirmations = true
		c.SMS.Provider = "twilio"
		c.SMS.MaxFrequency = 0
		if mutate != nil {
			mutate(c)
		}
	})
}

// lastSMS is the newest message to phone in the inbox.
func lastSMS(t *testing.T, h *harness, phone string) Email {
	t.Helper()
	e, ok := h.s.Inbox().Latest(phone)
	if !ok || e.Type != "sms" {
		t.Fatalf("no SMS to %s in the inbox", phone)
	}
	return e
}

func wantError(t *testing.T, r response, status int, code, msg string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	m := r.json(t)
	if m["error_code"] != code || m["msg"] != msg {
		t.Fatalf("got %v / %v, want %s / %s", m["error_code"], m["msg"], code, msg)
	}
}

func TestPhoneSignupConfirmAndPasswordLogin(t *testing.T) {
	h := phoneHarness(t, nil)
	r := h.do("POST", "/signup", map[string]any{"phone": "+1 555 0100", "password": "secret123"})
	if r.Status != 200 {
		t.Fatalf("signup: %d %s", r.Status, r.Body)
	}
	u := r.json(t)
	if u["phone"] != "15550100" || u["phone_confirmed_at"] != nil || u["access_token"] != nil {
		t.Fatalf("signup returned %s", r.Body)
	}
	sms := lastSMS(t, h, "15550100")
	if sms.Text != "Your code is "+sms.OTP || len(sms.OTP) != 6 {
		t.Fatalf("sms text %q otp %q", sms.Text, sms.OTP)
	}
	// The stored token is GoTrue's hash of phone + OTP.
	rows := h.mustSQL(`select confirmation_token, phone_confirmed_at from auth.users where phone = '15550100'`)
	if len(rows) != 1 || rows[0][0] == nil || *rows[0][0] != tokenHash("15550100", sms.OTP) || rows[0][1] != nil {
		t.Fatalf("stored %v", rows)
	}
	wantError(t, h.do("POST", "/token?grant_type=password", map[string]any{"phone": "15550100", "password": "secret123"}),
		400, "phone_not_confirmed", "Phone not confirmed")
	wantError(t, h.do("POST", "/verify", map[string]any{"type": "sms", "phone": "15550100", "token": "000000"}),
		403, "otp_expired", "Token has expired or is invalid")
	r = h.do("POST", "/verify", map[string]any{"type": "sms", "phone": "+15550100", "token": sms.OTP})
	if r.Status != 200 || r.json(t)["access_token"] == nil {
		t.Fatalf("verify: %d %s", r.Status, r.Body)
	}
	sess := r.json(t)
	if su := sess["user"].(map[string]any); su["phone_confirmed_at"] == nil {
		t.Fatalf("user not confirmed: %s", r.Body)
	}
	r = h.do("POST", "/token?grant_type=password", map[string]any{"phone": "+15550100", "password": "secret123"})
	if r.Status != 200 {
		t.Fatalf("password grant: %d %s", r.Status, r.Body)
	}
	if rows := h.mustSQL(`select provider_id from auth.identities where provider = 'phone'`); len(rows) != 1 {
		t.Fatalf("phone identities: %d", len(rows))
	}
	wantError(t, h.do("POST", "/signup", map[string]any{"phone": "15550100", "password": "secret123"}),
		422, "user_already_exists", "User already registered")
}

func TestPhoneSignupAutoconfirm(t *testing.T) {
	h := phoneHarness(t, func(c *Config) { c.SMS.EnableConfirmations = false })
	r := h.do("POST", "/signup", map[string]any{"phone": "15550101", "password": "secret123"})
	if r.Status != 200 || r.json(t)["access_token"] == nil {
		t.Fatalf("signup: %d %s", r.Status, r.Body)
	}
	if _, ok := h.s.Inbox().Latest("15550101"); ok {
		t.Fatal("an autoconfirmed sign-up sent an SMS")
	}
	m := h.do("GET", "/settings", nil).json(t)
	if m["external"].(map[string]any)["phone"] != true || m["sms_provider"] != "twilio" || m["phone_autoconfirm"] != true {
		t.Fatalf("settings %v", m)
	}
}

func TestPhoneOTPSignIn(t *testing.T) {
	h := phoneHarness(t, func(c *Config) { c.SMS.EnableConfirmations = false })
	r := h.do("POST", "/otp", map[string]any{"phone": "15550102"})
	if r.Status != 200 {
		t.Fatalf("otp: %d %s", r.Status, r.Body)
	}
	// GoTrue drops a provider's message ID (only test OTPs report one).
	if string(r.Body) != "{}" {
		t.Fatalf("otp returned %s", r.Body)
	}
	sms := lastSMS(t, h, "15550102")
	r = h.do("POST", "/verify", map[string]any{"type": "sms", "phone": "15550102", "token": sms.OTP})
	if r.Status != 200 {
		t.Fatalf("verify: %d %s", r.Status, r.Body)
	}
	// The code is spent.
	wantError(t, h.do("POST", "/verify", map[string]any{"type": "sms", "phone": "15550102", "token": sms.OTP}),
		403, "otp_expired", "Token has expired or is invalid")
	wantError(t, h.do("POST", "/otp", map[string]any{"phone": "15550199", "create_user": false}),
		422, "otp_disabled", "Signups not allowed for otp")
	wantError(t, h.do("POST", "/otp", map[string]any{"phone": "15550102", "channel": "pigeon"}),
		400, "validation_failed", invalidChannelMsg)
	wantError(t, h.do("POST", "/otp", map[string]any{"phone": "abc"}),
		400, "validation_failed", "Invalid phone number format (E.164 required)")
}

func TestPhoneOTPExpiresAndFrequency(t *testing.T) {
	h := phoneHarness(t, func(c *Config) { c.SMS.MaxFrequency = 5 * time.Second })
	if r := h.do("POST", "/otp", map[string]any{"phone": "15550103"}); r.Status != 200 {
		t.Fatalf("otp: %d %s", r.Status, r.Body)
	}
	r := h.do("POST", "/resend", map[string]any{"type": "sms", "phone": "15550103"})
	wantError(t, r, 429, "over_sms_send_rate_limit", "For security purposes, you can only request this after 5 seconds.")
	h.clock.advance(6 * time.Second)
	if r := h.do("POST", "/resend", map[string]any{"type": "sms", "phone": "15550103"}); r.Status != 200 {
		t.Fatalf("resend: %d %s", r.Status, r.Body)
	}
	sms := lastSMS(t, h, "15550103")
	h.clock.advance(6001 * time.Second)
	wantError(t, h.do("POST", "/verify", map[string]any{"type": "sms", "phone": "15550103", "token": sms.OTP}),
		403, "otp_expired", "Token has expired or is invalid")
}

func TestPhoneTestOTP(t *testing.T) {
	h := phoneHarness(t, func(c *Config) {
		c.SMS.Provider = "" // test numbers need no provider
		c.SMS.EnableConfirmations = false
		c.SMS.TestOTP = map[string]string{"15550104": "123456"}
	})
	r := h.do("POST", "/otp", map[string]any{"phone": "+15550104"})
	if r.Status != 200 || r.json(t)["message_id"] != "test-otp" {
		t.Fatalf("otp: %d %s", r.Status, r.Body)
	}
	if _, ok := h.s.Inbox().Latest("15550104"); ok {
		t.Fatal("a test number got an SMS")
	}
	r = h.do("POST", "/verify", map[string]any{"type": "sms", "phone": "15550104", "token": "123456"})
	if r.Status != 200 {
		t.Fatalf("verify: %d %s", r.Status, r.Body)
	}
	// A number without a test OTP needs the provider GoTrue cannot find.
	r = h.do("POST", "/otp", map[string]any{"phone": "15550105"})
	if r.Status != 500 || r.json(t)["msg"] != "Unable to get SMS provider" {
		t.Fatalf("no provider: %d %s", r.Status, r.Body)
	}
}

func TestPhoneDisabled(t *testing.T) {
	h := newHarness(t, nil) // the CLI default: [auth.sms] enable_signup = false
	wantError(t, h.do("POST", "/signup", map[string]any{"phone": "15550106", "password": "secret123"}),
		400, "phone_provider_disabled", "Phone signups are disabled")
	wantError(t, h.do("POST", "/otp", map[string]any{"phone": "15550106"}),
		400, "phone_provider_disabled", "Unsupported phone provider")
	wantError(t, h.do("POST", "/resend", map[string]any{"type": "sms", "phone": "15550106"}),
		400, "phone_provider_disabled", "Phone logins are disabled")
	wantError(t, h.do("POST", "/token?grant_type=password", map[string]any{"phone": "15550106", "password": "x"}),
		422, "phone_provider_disabled", "Phone logins are disabled")
	m := h.do("GET", "/settings", nil).json(t)
	if m["external"].(map[string]any)["phone"] != false || m["sms_provider"] != "" {
		t.Fatalf("settings %v", m)
	}
}

func TestPhoneChange(t *testing.T) {
	h := phoneHarness(t, nil)
	sess := h.signup("pc@example.com", "secret123", nil)
	tok := sess["access_token"].(string)
	r := h.do("PUT", "/user", map[string]any{"phone": "15550107"}, bearerH(tok)...)
	if r.Status != 200 || r.json(t)["new_phone"] != "15550107" {
		t.Fatalf("update: %d %s", r.Status, r.Body)
	}
	h.clock.advance(time.Minute + time.Second) // GoTrue's frequency when max_frequency is 0
	if r := h.do("POST", "/resend", map[string]any{"type": "phone_change", "email": "pc@example.com"}); r.Status != 200 {
		t.Fatalf("resend: %d %s", r.Status, r.Body)
	}
	sms := lastSMS(t, h, "15550107")
	r = h.do("POST", "/verify", map[string]any{"type": "phone_change", "phone": "15550107", "token": sms.OTP})
	if r.Status != 200 {
		t.Fatalf("verify: %d %s", r.Status, r.Body)
	}
	u := r.json(t)["user"].(map[string]any)
	if u["phone"] != "15550107" || u["phone_confirmed_at"] == nil {
		t.Fatalf("user after change: %v", u)
	}
	if ps := u["app_metadata"].(map[string]any)["providers"].([]any); len(ps) != 2 {
		t.Fatalf("providers %v", ps)
	}
	other := h.signup("pc2@example.com", "secret123", nil)["access_token"].(string)
	wantError(t, h.do("PUT", "/user", map[string]any{"phone": "+15550107"}, bearerH(other)...),
		422, "phone_exists", "A user with this phone number has already been registered")
}

func TestPhoneSendSMSHookTakesPrecedence(t *testing.T) {
	h := phoneHarness(t, nil)
	h.s.cfg.Hooks.SendSMS = HookConfig{Enabled: true, URI: "pg-functions://postgres/public/no_such_hook"}
	r := h.do("POST", "/otp", map[string]any{"phone": "15550108"})
	if r.Status == 200 {
		t.Fatalf("the hook was not called: %s", r.Body)
	}
	if _, ok := h.s.Inbox().Latest("15550108"); ok {
		t.Fatal("the provider sent an SMS although the hook is enabled")
	}
}

func TestParseSMSConfig(t *testing.T) {
	c, err := ParseConfig([]byte(`
[auth.sms]
enable_signup = true
enable_confirmations = true
template = "Code: {{ .Code }}"
max_frequency = "10s"
[auth.sms.test_otp]
"+1 555 0109" = "654321"
[auth.sms.vonage]
enabled = true
from = "x"
api_key = "k"
api_secret = "s"
`), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if !c.SMS.EnableSignup || c.SMS.autoconfirm() || c.SMS.MaxFrequency != 10*time.Second || c.SMS.Provider != "vonage" ||
		c.SMS.TestOTP["15550109"] != "654321" {
		t.Fatalf("%+v", c.SMS)
	}
	if got, _ := c.SMS.render("1"); got != "Code: 1" {
		t.Fatalf("render %q", got)
	}
	_, err = ParseConfig([]byte("[auth.sms.twilio]\nenabled = true\naccount_sid = \"a\"\n"), DefaultConfig())
	if err == nil || !strings.Contains(err.Error(), "auth.sms.twilio.message_service_sid") {
		t.Fatalf("err %v", err)
	}
}

// TestPhoneMFAThroughProvider: without the send-sms hook, a phone factor's
// challenge code goes through the [auth.sms] provider to the inbox.
func TestPhoneMFAThroughProvider(t *testing.T) {
	h := phoneHarness(t, func(c *Config) {
		c.MFA.Phone = MFAFactorConfig{EnrollEnabled: true, VerifyEnabled: true, OTPLength: 6}
	})
	tok := h.signup("mfa@example.com", "password-1", nil)["access_token"].(string)
	r := h.do("POST", "/factors", map[string]any{"factor_type": "phone", "phone": "+15550111"}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("enroll: %d %s", r.Status, r.Body)
	}
	fid := r.json(t)["id"].(string)
	r = h.do("POST", "/factors/"+fid+"/challenge", map[string]any{}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("challenge: %d %s", r.Status, r.Body)
	}
	cid := r.json(t)["id"].(string)
	sms := lastSMS(t, h, "15550111")
	r = h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": cid, "code": sms.OTP}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("verify: %d %s", r.Status, r.Body)
	}
}

// TestPhoneReauthenticate: a phone-only user's reauthentication code
// comes by SMS and is the nonce a password change needs.
func TestPhoneReauthenticate(t *testing.T) {
	h := phoneHarness(t, func(c *Config) {
		c.SMS.EnableConfirmations = false
		c.Email.SecurePasswordChange = true
		c.JWTExpiry = 604800
	})
	r := h.do("POST", "/signup", map[string]any{"phone": "15550140", "password": "secret123"})
	if r.Status != 200 {
		t.Fatalf("signup: %d %s", r.Status, r.Body)
	}
	tok := r.json(t)["access_token"].(string)
	h.clock.advance(25 * time.Hour) // an old session must reauthenticate
	wantError(t, h.do("PUT", "/user", map[string]any{"password": "secret456"}, bearerH(tok)...),
		400, "reauthentication_needed", "Password update requires reauthentication")
	if r := h.do("GET", "/reauthenticate", nil, bearerH(tok)...); r.Status != 200 {
		t.Fatalf("reauthenticate: %d %s", r.Status, r.Body)
	}
	sms := lastSMS(t, h, "15550140")
	wantError(t, h.do("PUT", "/user", map[string]any{"password": "secret456", "nonce": "000000"}, bearerH(tok)...),
		422, "reauthentication_not_valid", "Nonce has expired or is invalid")
	if r := h.do("PUT", "/user", map[string]any{"password": "secret456", "nonce": sms.OTP}, bearerH(tok)...); r.Status != 200 {
		t.Fatalf("password change: %d %s", r.Status, r.Body)
	}
}
