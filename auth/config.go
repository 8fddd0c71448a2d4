package auth

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// DefaultJWTSecret is the Supabase CLI's local JWT secret.
const DefaultJWTSecret = "super-secret-jwt-token-with-at-least-32-characters-long"

// Config is the auth server's configuration. Field comments name the
// supabase/config.toml key each comes from.
type Config struct {
	// Enabled ([auth] enabled): when false the root package does not mount
	// /auth/v1.
	Enabled bool
	// ExternalURL is the public URL of /auth/v1 (links in emails, the
	// default JWT issuer), e.g. http://127.0.0.1:54321/auth/v1.
	ExternalURL string
	// SiteURL ([auth] site_url) is the default redirect target.
	SiteURL string
	// AdditionalRedirectURLs ([auth] additional_redirect_urls) are the other
	// allowed redirect targets; * and ** globs as GoTrue's.
	AdditionalRedirectURLs []string
	// JWTSecret signs HS256 tokens ([auth] jwt_secret, --jwt-secret).
	JWTSecret string
	// JWTIssuer ([auth] jwt_issuer) defaults to ExternalURL.
	JWTIssuer string
	// JWTExpiry ([auth] jwt_expiry) is the access token lifetime in seconds.
	JWTExpiry int
	// SigningKeysPath ([auth] signing_keys_path) names a JSON file holding
	// a JWK or an array of JWKs (EC P-256 or RSA private keys); the first
	// signs access tokens (ES256 / RS256) and all are published at
	// /.well-known/jwks.json.
	SigningKeysPath string
	// SigningKeysJSON is the content of that file, when given directly.
	SigningKeysJSON []byte
	// EnableSignup ([auth] enable_signup).
	EnableSignup bool
	// EnableAnonymousSignIns ([auth] enable_anonymous_sign_ins).
	EnableAnonymousSignIns bool
	// MinimumPasswordLength ([auth] minimum_password_length).
	MinimumPasswordLength int
	// PasswordRequirements ([auth] password_requirements): "",
	// letters_digits, lower_upper_letters_digits,
	// lower_upper_letters_digits_symbols.
	PasswordRequirements string
	// EnableRefreshTokenRotation ([auth] enable_refresh_token_rotation).
	EnableRefreshTokenRotation bool
	// RefreshTokenReuseInterval ([auth] refresh_token_reuse_interval) in seconds.
	RefreshTokenReuseInterval int
	// Email is [auth.email].
	Email EmailConfig
	// RateLimit is [auth.rate_limit].
	RateLimit RateLimitConfig
	// SMS is [auth.sms] (sms_config.go).
	SMS SMSConfig
	// BcryptCost is the password hashing cost (GoTrue uses 10).
	BcryptCost int
	// DBUser is the role the auth server's SQL runs as.
	DBUser string
	// FlowStateExpiry bounds PKCE flow states (GoTrue: 5 minutes).
	FlowStateExpiry time.Duration
	// EnableManualLinking ([auth] enable_manual_linking) opens
	// /user/identities.
	EnableManualLinking bool
	// MFA is [auth.mfa].
	MFA MFAConfig
	// External lists the [auth.external.<provider>] sections with
	// enabled = true.
	External map[string]bool
	// Web3Solana and Web3Ethereum are [auth.web3.solana] and
	// [auth.web3.ethereum] enabled.
	Web3Solana, Web3Ethereum bool
	// OAuthServer is [auth.oauth_server].
	OAuthServer OAuthServerConfig
	// PasskeyEnabled is [auth.passkey] enabled.
	PasskeyEnabled bool
	// WebAuthn is [auth.webauthn]: the relying party passkeys are bound to.
	WebAuthn WebAuthnConfig
	// Hooks is [auth.hook.*] (hooks.go).
	Hooks HooksConfig
	// Sessions is [auth.sessions]: Timebox bounds a session's life,
	// InactivityTimeout the time between refreshes (0: no limit).
	Sessions struct{ Timebox, InactivityTimeout time.Duration }
}

// WebAuthnConfig is [auth.webauthn].
type WebAuthnConfig struct {
	RPDisplayName string
	RPID          string
	RPOrigins     []string
}

// MFAConfig is [auth.mfa].
type MFAConfig struct {
	// MaxEnrolledFactors ([auth.mfa] max_enrolled_factors).
	MaxEnrolledFactors int
	// TOTP, Phone and WebAuthn are [auth.mfa.totp], [auth.mfa.phone] and
	// [auth.mfa.web_authn].
	TOTP, Phone, WebAuthn MFAFactorConfig
}

// MFAFactorConfig is one factor type's enroll_enabled / verify_enabled
// (and, for phone factors, otp_length: the digits of the code sent).
type MFAFactorConfig struct {
	EnrollEnabled bool
	VerifyEnabled bool
	OTPLength     int
}

// OAuthServerConfig is [auth.oauth_server]: Supabase Auth as an OAuth 2.1
// authorization server.
type OAuthServerConfig struct {
	Enabled                  bool
	AuthorizationURLPath     string
	AllowDynamicRegistration bool
}

// EmailConfig is [auth.email].
type EmailConfig struct {
	// EnableSignup ([auth.email] enable_signup) enables the email provider.
	EnableSignup bool
	// EnableConfirmations ([auth.email] enable_confirmations): when false,
	// sign-ups are confirmed at once (GOTRUE_MAILER_AUTOCONFIRM).
	EnableConfirmations bool
	// DoubleConfirmChanges ([auth.email] double_confirm_changes).
	DoubleConfirmChanges bool
	// SecurePasswordChange ([auth.email] secure_password_change).
	SecurePasswordChange bool
	// MaxFrequency ([auth.email] max_frequency) between emails to one user.
	MaxFrequency time.Duration
	// OTPLength ([auth.email] otp_length).
	OTPLength int
	// OTPExpiry ([auth.email] otp_expiry) in seconds.
	OTPExpiry int
	// Templates are [auth.email.template.<name>] (mail_templates.go).
	Templates map[string]EmailTemplate
	// AdminEmail and SenderName are the From of emails: [inbucket]
	// admin_email and sender_name locally, as the Supabase CLI sets them.
	AdminEmail, SenderName string
}

// RateLimitConfig is [auth.rate_limit]. Limits count requests per client
// IP over GoTrue's windows (emails per hour, the rest per 5 minutes). They
// apply only when Enabled (tinybase is local-first: off by default).
type RateLimitConfig struct {
	Enabled            bool
	EmailSent          int
	SMSSent            int
	AnonymousUsers     int
	TokenRefresh       int
	SignInSignUps      int
	TokenVerifications int
}

// DefaultConfig returns the Supabase CLI's defaults (its config.toml
// template and the GoTrue environment it starts the local stack with).
func DefaultConfig() Config {
	return Config{
		Enabled:                    true,
		ExternalURL:                "http://127.0.0.1:54321/auth/v1",
		SiteURL:                    "http://127.0.0.1:3000",
		AdditionalRedirectURLs:     []string{"https://127.0.0.1:3000"},
		JWTSecret:                  DefaultJWTSecret,
		JWTExpiry:                  3600,
		EnableSignup:               true,
		EnableAnonymousSignIns:     false,
		MinimumPasswordLength:      6,
		EnableRefreshTokenRotation: true,
		RefreshTokenReuseInterval:  10,
		Email: EmailConfig{
			EnableSignup:         true,
			EnableConfirmations:  false,
			DoubleConfirmChanges: true,
			MaxFrequency:         time.Second,
			OTPLength:            6,
			OTPExpiry:            3600,
			AdminEmail:           "admin@email.com",
			SenderName:           "Admin",
		},
		RateLimit: RateLimitConfig{
			EmailSent:          2,
			SMSSent:            30,
			AnonymousUsers:     30,
			TokenRefresh:       150,
			SignInSignUps:      30,
			TokenVerifications: 30,
		},
		SMS:             defaultSMSConfig(),
		BcryptCost:      10,
		DBUser:          "supabase_auth_admin",
		FlowStateExpiry: 5 * time.Minute,
		// The CLI template: TOTP and phone factors off, at most 10.
		MFA:         MFAConfig{MaxEnrolledFactors: 10, Phone: MFAFactorConfig{OTPLength: 6}},
		OAuthServer: OAuthServerConfig{AuthorizationURLPath: "/oauth/consent"},
	}
}

// Issuer is the iss claim of access tokens.
func (c Config) Issuer() string {
	if c.JWTIssuer != "" {
		return c.JWTIssuer
	}
	return c.ExternalURL
}

// tomlAuth mirrors the [auth] part of supabase/config.toml. Pointers tell
// a key that is absent from one set to its zero value.
type tomlAuth struct {
	Auth struct {
		Enabled                    *bool     `toml:"enabled"`
		SiteURL                    *string   `toml:"site_url"`
		AdditionalRedirectURLs     *[]string `toml:"additional_redirect_urls"`
		JWTExpiry                  *int      `toml:"jwt_expiry"`
		JWTSecret                  *string   `toml:"jwt_secret"`
		JWTIssuer                  *string   `toml:"jwt_issuer"`
		SigningKeysPath            *string   `toml:"signing_keys_path"`
		EnableSignup               *bool     `toml:"enable_signup"`
		EnableAnonymousSignIns     *bool     `toml:"enable_anonymous_sign_ins"`
		MinimumPasswordLength      *int      `toml:"minimum_password_length"`
		PasswordRequirements       *string   `toml:"password_requirements"`
		EnableRefreshTokenRotation *bool     `toml:"enable_refresh_token_rotation"`
		RefreshTokenReuseInterval  *int      `toml:"refresh_token_reuse_interval"`
		EnableManualLinking        *bool     `toml:"enable_manual_linking"`
		MFA                        struct {
			MaxEnrolledFactors *int          `toml:"max_enrolled_factors"`
			TOTP               tomlMFAFactor `toml:"totp"`
			Phone              tomlMFAFactor `toml:"phone"`
			WebAuthn           tomlMFAFactor `toml:"web_authn"`
		} `toml:"mfa"`
		External map[string]struct {
			Enabled *bool `toml:"enabled"`
		} `toml:"external"`
		Web3 map[string]struct {
			Enabled *bool `toml:"enabled"`
		} `toml:"web3"`
		Passkey struct {
			Enabled *bool `toml:"enabled"`
		} `toml:"passkey"`
		WebAuthn struct {
			RPDisplayName *string  `toml:"rp_display_name"`
			RPID          *string  `toml:"rp_id"`
			RPOrigins     []string `toml:"rp_origins"`
		} `toml:"webauthn"`
		Sessions struct {
			Timebox           *string `toml:"timebox"`
			InactivityTimeout *string `toml:"inactivity_timeout"`
		} `toml:"sessions"`
		Hook struct {
			CustomAccessToken           tomlHook `toml:"custom_access_token"`
			SendEmail                   tomlHook `toml:"send_email"`
			SendSMS                     tomlHook `toml:"send_sms"`
			MFAVerificationAttempt      tomlHook `toml:"mfa_verification_attempt"`
			PasswordVerificationAttempt tomlHook `toml:"password_verification_attempt"`
			BeforeUserCreated           tomlHook `toml:"before_user_created"`
		} `toml:"hook"`
		OAuthServer struct {
			Enabled                  *bool   `toml:"enabled"`
			AuthorizationURLPath     *string `toml:"authorization_url_path"`
			AllowDynamicRegistration *bool   `toml:"allow_dynamic_registration"`
		} `toml:"oauth_server"`
		Email struct {
			EnableSignup         *bool   `toml:"enable_signup"`
			EnableConfirmations  *bool   `toml:"enable_confirmations"`
			DoubleConfirmChanges *bool   `toml:"double_confirm_changes"`
			SecurePasswordChange *bool   `toml:"secure_password_change"`
			MaxFrequency         *string `toml:"max_frequency"`
			OTPLength            *int    `toml:"otp_length"`
			OTPExpiry            *int    `toml:"otp_expiry"`
			Template             map[string]struct {
				Subject     *string `toml:"subject"`
				ContentPath *string `toml:"content_path"`
			} `toml:"template"`
		} `toml:"email"`
		RateLimit struct {
			Enabled            *bool `toml:"enabled"`
			EmailSent          *int  `toml:"email_sent"`
			SMSSent            *int  `toml:"sms_sent"`
			AnonymousUsers     *int  `toml:"anonymous_users"`
			TokenRefresh       *int  `toml:"token_refresh"`
			SignInSignUps      *int  `toml:"sign_in_sign_ups"`
			TokenVerifications *int  `toml:"token_verifications"`
		} `toml:"rate_limit"`
	} `toml:"auth"`
}

type tomlMFAFactor struct {
	EnrollEnabled *bool `toml:"enroll_enabled"`
	VerifyEnabled *bool `toml:"verify_enabled"`
	OTPLength     *int  `toml:"otp_length"`
}

func (f tomlMFAFactor) apply(c *MFAFactorConfig) {
	setB(&c.EnrollEnabled, f.EnrollEnabled)
	setB(&c.VerifyEnabled, f.VerifyEnabled)
	setI(&c.OTPLength, f.OTPLength)
}

// ParseConfig reads the [auth], [auth.email] and [auth.rate_limit] sections
// of a whole supabase/config.toml over base; keys it does not know (other
// sections, OAuth providers, SMS, hooks) are ignored.
func ParseConfig(configTOML []byte, base Config) (Config, error) {
	var t tomlAuth
	if _, err := toml.Decode(string(configTOML), &t); err != nil {
		return base, fmt.Errorf("auth: config.toml: %w", err)
	}
	c := base
	a := t.Auth
	setB(&c.Enabled, a.Enabled)
	setS(&c.SiteURL, a.SiteURL)
	if a.AdditionalRedirectURLs != nil {
		c.AdditionalRedirectURLs = append([]string(nil), (*a.AdditionalRedirectURLs)...)
	}
	setI(&c.JWTExpiry, a.JWTExpiry)
	setS(&c.JWTSecret, a.JWTSecret)
	setS(&c.JWTIssuer, a.JWTIssuer)
	setS(&c.SigningKeysPath, a.SigningKeysPath)
	setB(&c.EnableSignup, a.EnableSignup)
	setB(&c.EnableAnonymousSignIns, a.EnableAnonymousSignIns)
	setI(&c.MinimumPasswordLength, a.MinimumPasswordLength)
	setS(&c.PasswordRequirements, a.PasswordRequirements)
	setB(&c.EnableRefreshTokenRotation, a.EnableRefreshTokenRotation)
	setI(&c.RefreshTokenReuseInterval, a.RefreshTokenReuseInterval)
	setB(&c.EnableManualLinking, a.EnableManualLinking)
	setI(&c.MFA.MaxEnrolledFactors, a.MFA.MaxEnrolledFactors)
	a.MFA.TOTP.apply(&c.MFA.TOTP)
	a.MFA.Phone.apply(&c.MFA.Phone)
	a.MFA.WebAuthn.apply(&c.MFA.WebAuthn)
	if len(a.External) > 0 {
		ext := map[string]bool{}
		for k, v := range base.External {
			ext[k] = v
		}
		for name, p := range a.External {
			if p.Enabled != nil {
				ext[name] = *p.Enabled
			}
		}
		c.External = ext
	}
	if w, ok := a.Web3["solana"]; ok {
		setB(&c.Web3Solana, w.Enabled)
	}
	if w, ok := a.Web3["ethereum"]; ok {
		setB(&c.Web3Ethereum, w.Enabled)
	}
	setB(&c.PasskeyEnabled, a.Passkey.Enabled)
	setS(&c.WebAuthn.RPDisplayName, a.WebAuthn.RPDisplayName)
	setS(&c.WebAuthn.RPID, a.WebAuthn.RPID)
	if a.WebAuthn.RPOrigins != nil {
		c.WebAuthn.RPOrigins = append([]string(nil), a.WebAuthn.RPOrigins...)
	}
	a.Hook.CustomAccessToken.apply(&c.Hooks.CustomAccessToken)
	a.Hook.SendEmail.apply(&c.Hooks.SendEmail)
	a.Hook.SendSMS.apply(&c.Hooks.SendSMS)
	a.Hook.MFAVerificationAttempt.apply(&c.Hooks.MFAVerificationAttempt)
	a.Hook.PasswordVerificationAttempt.apply(&c.Hooks.PasswordVerificationAttempt)
	a.Hook.BeforeUserCreated.apply(&c.Hooks.BeforeUserCreated)
	for _, d := range []struct {
		key string
		v   *string
		dst *time.Duration
	}{{"timebox", a.Sessions.Timebox, &c.Sessions.Timebox}, {"inactivity_timeout", a.Sessions.InactivityTimeout, &c.Sessions.InactivityTimeout}} {
		if d.v == nil {
			continue
		}
		v, err := time.ParseDuration(*d.v)
		if err != nil || v < 0 {
			return base, fmt.Errorf("auth: config.toml: [auth.sessions] %s: %q is not a duration (like \"24h\")", d.key, *d.v)
		}
		*d.dst = v
	}
	setB(&c.OAuthServer.Enabled, a.OAuthServer.Enabled)
	setS(&c.OAuthServer.AuthorizationURLPath, a.OAuthServer.AuthorizationURLPath)
	setB(&c.OAuthServer.AllowDynamicRegistration, a.OAuthServer.AllowDynamicRegistration)
	setB(&c.Email.EnableSignup, a.Email.EnableSignup)
	setB(&c.Email.EnableConfirmations, a.Email.EnableConfirmations)
	setB(&c.Email.DoubleConfirmChanges, a.Email.DoubleConfirmChanges)
	setB(&c.Email.SecurePasswordChange, a.Email.SecurePasswordChange)
	if a.Email.MaxFrequency != nil {
		d, err := time.ParseDuration(*a.Email.MaxFrequency)
		if err != nil {
			return base, fmt.Errorf("auth: config.toml: [auth.email] max_frequency: %w", err)
		}
		c.Email.MaxFrequency = d
	}
	if len(a.Email.Template) > 0 {
		ts := map[string]EmailTemplate{}
		for k, v := range base.Email.Templates {
			ts[k] = v
		}
		for name, t := range a.Email.Template {
			et := ts[name]
			setS(&et.Subject, t.Subject)
			setS(&et.ContentPath, t.ContentPath)
			ts[name] = et
		}
		c.Email.Templates = ts
	}
	setI(&c.Email.OTPLength, a.Email.OTPLength)
	setI(&c.Email.OTPExpiry, a.Email.OTPExpiry)
	r := a.RateLimit
	setB(&c.RateLimit.Enabled, r.Enabled)
	setI(&c.RateLimit.EmailSent, r.EmailSent)
	setI(&c.RateLimit.SMSSent, r.SMSSent)
	setI(&c.RateLimit.AnonymousUsers, r.AnonymousUsers)
	setI(&c.RateLimit.TokenRefresh, r.TokenRefresh)
	setI(&c.RateLimit.SignInSignUps, r.SignInSignUps)
	setI(&c.RateLimit.TokenVerifications, r.TokenVerifications)
	if err := parseSMS(configTOML, &c.SMS); err != nil {
		return base, err
	}
	return c, c.validate()
}

// ResolvePaths makes a relative signing_keys_path relative to
// supabaseDir (the project's supabase/ directory holding config.toml), as
// the Supabase CLI resolves it, instead of the working directory.
func (c Config) ResolvePaths(supabaseDir string) Config {
	if c.SigningKeysPath != "" && !filepath.IsAbs(c.SigningKeysPath) {
		c.SigningKeysPath = filepath.Join(supabaseDir, c.SigningKeysPath)
	}
	return c.resolveTemplatePaths(supabaseDir)
}

// ApplyEnv overrides c with TINYBASE_* variables read through lookup
// (os.LookupEnv in the CLI): TINYBASE_JWT_SECRET, and TINYBASE_AUTH_<KEY>
// for each [auth] key, TINYBASE_AUTH_EMAIL_<KEY> for [auth.email] and
// TINYBASE_AUTH_RATE_LIMIT_<KEY> for [auth.rate_limit], KEY being the
// config.toml key in upper case (e.g. TINYBASE_AUTH_JWT_EXPIRY=600,
// TINYBASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS=true).
func (c Config) ApplyEnv(lookup func(string) (string, bool)) (Config, error) {
	out := c
	var firstErr error
	str := func(name string, dst *string) {
		if v, ok := lookup(name); ok {
			*dst = v
		}
	}
	num := func(name string, dst *int) {
		if v, ok := lookup(name); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil && firstErr == nil {
				firstErr = fmt.Errorf("auth: %s: %q is not an integer", name, v)
			}
			if err == nil {
				*dst = n
			}
		}
	}
	flag := func(name string, dst *bool) {
		if v, ok := lookup(name); ok {
			b, err := strconv.ParseBool(strings.TrimSpace(v))
			if err != nil && firstErr == nil {
				firstErr = fmt.Errorf("auth: %s: %q is not a boolean", name, v)
			}
			if err == nil {
				*dst = b
			}
		}
	}
	str("TINYBASE_JWT_SECRET", &out.JWTSecret)
	str("TINYBASE_AUTH_JWT_SECRET", &out.JWTSecret)
	str("TINYBASE_AUTH_EXTERNAL_URL", &out.ExternalURL)
	str("TINYBASE_AUTH_SITE_URL", &out.SiteURL)
	if v, ok := lookup("TINYBASE_AUTH_ADDITIONAL_REDIRECT_URLS"); ok {
		out.AdditionalRedirectURLs = nil
		for _, u := range strings.Split(v, ",") {
			if u = strings.TrimSpace(u); u != "" {
				out.AdditionalRedirectURLs = append(out.AdditionalRedirectURLs, u)
			}
		}
	}
	num("TINYBASE_AUTH_JWT_EXPIRY", &out.JWTExpiry)
	str("TINYBASE_AUTH_JWT_ISSUER", &out.JWTIssuer)
	str("TINYBASE_AUTH_SIGNING_KEYS_PATH", &out.SigningKeysPath)
	flag("TINYBASE_AUTH_ENABLE_SIGNUP", &out.EnableSignup)
	flag("TINYBASE_AUTH_ENABLE_ANONYMOUS_SIGN_INS", &out.EnableAnonymousSignIns)
	num("TINYBASE_AUTH_MINIMUM_PASSWORD_LENGTH", &out.MinimumPasswordLength)
	str("TINYBASE_AUTH_PASSWORD_REQUIREMENTS", &out.PasswordRequirements)
	flag("TINYBASE_AUTH_ENABLE_REFRESH_TOKEN_ROTATION", &out.EnableRefreshTokenRotation)
	num("TINYBASE_AUTH_REFRESH_TOKEN_REUSE_INTERVAL", &out.RefreshTokenReuseInterval)
	flag("TINYBASE_AUTH_EMAIL_ENABLE_SIGNUP", &out.Email.EnableSignup)
	flag("TINYBASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS", &out.Email.EnableConfirmations)
	flag("TINYBASE_AUTH_EMAIL_DOUBLE_CONFIRM_CHANGES", &out.Email.DoubleConfirmChanges)
	flag("TINYBASE_AUTH_EMAIL_SECURE_PASSWORD_CHANGE", &out.Email.SecurePasswordChange)
	if v, ok := lookup("TINYBASE_AUTH_EMAIL_MAX_FREQUENCY"); ok {
		d, err := time.ParseDuration(v)
		if err != nil && firstErr == nil {
			firstErr = fmt.Errorf("auth: TINYBASE_AUTH_EMAIL_MAX_FREQUENCY: %w", err)
		}
		if err == nil {
			out.Email.MaxFrequency = d
		}
	}
	num("TINYBASE_AUTH_EMAIL_OTP_LENGTH", &out.Email.OTPLength)
	num("TINYBASE_AUTH_EMAIL_OTP_EXPIRY", &out.Email.OTPExpiry)
	flag("TINYBASE_AUTH_RATE_LIMIT_ENABLED", &out.RateLimit.Enabled)
	num("TINYBASE_AUTH_RATE_LIMIT_EMAIL_SENT", &out.RateLimit.EmailSent)
	num("TINYBASE_AUTH_RATE_LIMIT_SMS_SENT", &out.RateLimit.SMSSent)
	num("TINYBASE_AUTH_RATE_LIMIT_ANONYMOUS_USERS", &out.RateLimit.AnonymousUsers)
	num("TINYBASE_AUTH_RATE_LIMIT_TOKEN_REFRESH", &out.RateLimit.TokenRefresh)
	num("TINYBASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS", &out.RateLimit.SignInSignUps)
	num("TINYBASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS", &out.RateLimit.TokenVerifications)
	if firstErr != nil {
		return c, firstErr
	}
	return out, out.validate()
}

// validate rejects values GoTrue or the Supabase CLI would refuse.
func (c Config) validate() error {
	if len(c.JWTSecret) < 16 && c.SigningKeysPath == "" && len(c.SigningKeysJSON) == 0 {
		return fmt.Errorf("auth: JWT secret must be at least 16 characters long")
	}
	if c.JWTExpiry <= 0 || c.JWTExpiry > 604800 {
		return fmt.Errorf("auth: jwt_expiry must be between 1 and 604800 seconds, got %d", c.JWTExpiry)
	}
	if c.MinimumPasswordLength < 6 {
		return fmt.Errorf("auth: minimum_password_length must be at least 6, got %d", c.MinimumPasswordLength)
	}
	if _, ok := passwordRequirementSets[c.PasswordRequirements]; !ok {
		return fmt.Errorf("auth: password_requirements must be one of \"\", letters_digits, lower_upper_letters_digits, lower_upper_letters_digits_symbols; got %q", c.PasswordRequirements)
	}
	if c.Email.OTPLength < 6 || c.Email.OTPLength > 10 {
		return fmt.Errorf("auth: [auth.email] otp_length must be between 6 and 10, got %d", c.Email.OTPLength)
	}
	if c.Email.OTPExpiry <= 0 || c.Email.OTPExpiry > 86400 {
		return fmt.Errorf("auth: [auth.email] otp_expiry must be between 1 and 86400 seconds, got %d", c.Email.OTPExpiry)
	}
	if c.MFA.Phone.OTPLength < 6 || c.MFA.Phone.OTPLength > 10 {
		return fmt.Errorf("auth: [auth.mfa.phone] otp_length must be between 6 and 10, got %d", c.MFA.Phone.OTPLength)
	}
	if err := c.SMS.validate(); err != nil {
		return err
	}
	return c.validateHooks()
}

// passwordRequirementSets maps password_requirements to GoTrue's
// GOTRUE_PASSWORD_REQUIRED_CHARACTERS sets, as the Supabase CLI does.
var passwordRequirementSets = map[string][]string{
	"":                           nil,
	"letters_digits":             {"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"},
	"lower_upper_letters_digits": {"abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"},
	"lower_upper_letters_digits_symbols": {"abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789",
		"!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~"},
}

func setS(dst *string, v *string) {
	if v != nil {
		*dst = *v
	}
}

func setI(dst *int, v *int) {
	if v != nil {
		*dst = *v
	}
}

func setB(dst *bool, v *bool) {
	if v != nil {
		*dst = *v
	}
}
