package auth

import (
	"fmt"
	"strings"
	"text/template"
	"time"

	"github.com/BurntSushi/toml"
)

// SMSConfig is [auth.sms]: phone sign-up and sign-in with SMS OTPs.
type SMSConfig struct {
	// EnableSignup (enable_signup) is GOTRUE_EXTERNAL_PHONE_ENABLED: the
	// phone provider is on.
	EnableSignup bool
	// EnableConfirmations (enable_confirmations) is the inverse of
	// GOTRUE_SMS_AUTOCONFIRM: a new number must be confirmed by an OTP.
	EnableConfirmations bool
	// Template (template) renders the message; {{ .Code }} is the OTP.
	Template string
	// MaxFrequency (max_frequency) is the shortest time between two OTPs
	// to one user.
	MaxFrequency time.Duration
	// OTPLength and OTPExpiry (seconds) are fixed by the Supabase CLI (6
	// and 6000): it has no keys for them.
	OTPLength, OTPExpiry int
	// TestOTP ([auth.sms.test_otp]) maps a phone number (E.164 without
	// "+") to a fixed OTP: no message is sent to it and the code always
	// verifies, until TestOTPValidUntil when that is set (GoTrue's
	// GOTRUE_SMS_TEST_OTP_VALID_UNTIL; the CLI has no key for it).
	TestOTP           map[string]string
	TestOTPValidUntil time.Time
	// Provider is the enabled [auth.sms.<provider>] section's name ("" when
	// none is). tinybase sends nothing: messages go to the local inbox.
	Provider string
}

// smsProviders are the CLI's provider sections, in the order it picks the
// enabled one, with the keys each one requires.
var smsProviders = []struct {
	name     string
	required []string
}{
	{"twilio", []string{"account_sid", "message_service_sid", "auth_token"}},
	{"twilio_verify", []string{"account_sid", "message_service_sid", "auth_token"}},
	{"messagebird", []string{"originator", "access_key"}},
	{"textlocal", []string{"sender", "api_key"}},
	{"vonage", []string{"from", "api_key", "api_secret"}},
}

func defaultSMSConfig() SMSConfig {
	return SMSConfig{Template: "Your code is {{ .Code }}", MaxFrequency: 5 * time.Second, OTPLength: 6, OTPExpiry: 6000}
}

type tomlSMS struct {
	Auth struct {
		SMS struct {
			EnableSignup        *bool             `toml:"enable_signup"`
			EnableConfirmations *bool             `toml:"enable_confirmations"`
			Template            *string           `toml:"template"`
			MaxFrequency        *string           `toml:"max_frequency"`
			TestOTP             map[string]string `toml:"test_otp"`
			Twilio              map[string]any    `toml:"twilio"`
			TwilioVerify        map[string]any    `toml:"twilio_verify"`
			Messagebird         map[string]any    `toml:"messagebird"`
			Textlocal           map[string]any    `toml:"textlocal"`
			Vonage              map[string]any    `toml:"vonage"`
		} `toml:"sms"`
	} `toml:"auth"`
}

// parseSMS applies [auth.sms] of a config.toml over c.
func parseSMS(configTOML []byte, c *SMSConfig) error {
	var t tomlSMS
	if _, err := toml.Decode(string(configTOML), &t); err != nil {
		return fmt.Errorf("auth: config.toml: %w", err)
	}
	s := t.Auth.SMS
	setB(&c.EnableSignup, s.EnableSignup)
	setB(&c.EnableConfirmations, s.EnableConfirmations)
	setS(&c.Template, s.Template)
	if s.MaxFrequency != nil {
		d, err := time.ParseDuration(*s.MaxFrequency)
		if err != nil {
			return fmt.Errorf("auth: [auth.sms] max_frequency: %w", err)
		}
		c.MaxFrequency = d
	}
	if s.TestOTP != nil {
		// GoTrue strips "+" and spaces from the numbers, as from requests.
		c.TestOTP = map[string]string{}
		for phone, otp := range s.TestOTP {
			c.TestOTP[formatPhone(phone)] = otp
		}
	}
	sections := map[string]map[string]any{"twilio": s.Twilio, "twilio_verify": s.TwilioVerify,
		"messagebird": s.Messagebird, "textlocal": s.Textlocal, "vonage": s.Vonage}
	for _, p := range smsProviders {
		sec := sections[p.name]
		if on, _ := sec["enabled"].(bool); !on {
			continue
		}
		for _, k := range p.required {
			if v, _ := sec[k].(string); v == "" {
				return fmt.Errorf("auth: missing required field in config: auth.sms.%s.%s", p.name, k)
			}
		}
		if c.Provider == "" {
			c.Provider = p.name
		}
	}
	return nil
}

func (c SMSConfig) validate() error {
	if _, err := template.New("").Parse(c.Template); err != nil {
		return fmt.Errorf("auth: [auth.sms] template: %w", err)
	}
	return nil
}

// autoconfirm is GOTRUE_SMS_AUTOCONFIRM.
func (c SMSConfig) autoconfirm() bool { return !c.EnableConfirmations }

// testOTP is GetTestOTP: the fixed code of phone, if it has one now.
func (c SMSConfig) testOTP(phone string, now time.Time) (string, bool) {
	if c.TestOTP == nil || (!c.TestOTPValidUntil.IsZero() && !now.Before(c.TestOTPValidUntil)) {
		return "", false
	}
	otp, ok := c.TestOTP[phone]
	return otp, ok
}

// render is generateSMSFromTemplate.
func (c SMSConfig) render(otp string) (string, error) {
	tpl, err := template.New("").Parse(c.Template)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := tpl.Execute(&b, struct{ Code string }{otp}); err != nil {
		return "", err
	}
	return b.String(), nil
}

// formatPhone is formatPhoneNumber: no leading "+", no spaces.
func formatPhone(phone string) string {
	return strings.ReplaceAll(strings.TrimPrefix(phone, "+"), " ", "")
}
