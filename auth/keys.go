package auth

// ImplementedKeys are the config.toml keys below [auth] this package
// acts on, as dotted patterns ("*" one name, "**" anything below): the
// CLI warns about other keys set to a value that differs from the
// Supabase CLI's default.
var ImplementedKeys = []string{
	"auth.enabled", "auth.site_url", "auth.additional_redirect_urls", "auth.jwt_expiry", "auth.jwt_secret",
	"auth.jwt_issuer", "auth.signing_keys_path", "auth.enable_signup", "auth.enable_anonymous_sign_ins",
	"auth.minimum_password_length", "auth.password_requirements", "auth.enable_refresh_token_rotation",
	"auth.refresh_token_reuse_interval", "auth.enable_manual_linking",
	"auth.rate_limit.enabled", "auth.rate_limit.email_sent", "auth.rate_limit.sms_sent", "auth.rate_limit.anonymous_users",
	"auth.rate_limit.token_refresh", "auth.rate_limit.sign_in_sign_ups", "auth.rate_limit.token_verifications",
	"auth.email.enable_signup", "auth.email.enable_confirmations", "auth.email.double_confirm_changes",
	"auth.email.secure_password_change", "auth.email.max_frequency", "auth.email.otp_length", "auth.email.otp_expiry",
	"auth.email.template.*.subject", "auth.email.template.*.content_path",
	"auth.sms.enable_signup", "auth.sms.enable_confirmations", "auth.sms.template", "auth.sms.max_frequency",
	"auth.sms.test_otp.*", "auth.sms.*.enabled", "auth.sms.*.account_sid", "auth.sms.*.message_service_sid",
	"auth.sms.*.auth_token", "auth.sms.*.originator", "auth.sms.*.access_key", "auth.sms.*.sender", "auth.sms.*.api_key",
	"auth.sms.*.from", "auth.sms.*.api_secret",
	"auth.sessions.timebox", "auth.sessions.inactivity_timeout",
	"auth.mfa.max_enrolled_factors", "auth.mfa.totp.*", "auth.mfa.phone.enroll_enabled", "auth.mfa.phone.verify_enabled", "auth.mfa.phone.otp_length",
	"auth.mfa.web_authn.*", "auth.passkey.enabled", "auth.webauthn.*",
	"auth.external.*.enabled", "auth.web3.*.enabled", "auth.oauth_server.*",
	"auth.hook.custom_access_token.*", "auth.hook.send_email.*", "auth.hook.mfa_verification_attempt.*",
	"auth.hook.password_verification_attempt.*", "auth.hook.before_user_created.*", "auth.hook.send_sms.*",
}
