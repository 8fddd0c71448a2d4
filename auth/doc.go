// Package auth is tinybase's Supabase Auth (GoTrue) server, served under
// /auth/v1 by the root package.
//
// It emulates the GoTrue v2 HTTP API that @supabase/auth-js calls: sign-up
// (email + password, anonymous), the /token grants (password,
// refresh_token with rotation and reuse detection, pkce), /user, /logout,
// /recover, /otp, /magiclink, /verify, /resend, /reauthenticate,
// /settings, /health, /authorize (refusing every OAuth provider: email
// PKCE goes through code_challenge on /signup, /otp and /recover, the
// ?code= of the /verify redirect and grant_type=pkce), /invite, the admin
// API and /.well-known/jwks.json; MFA factors (/factors: TOTP enrol,
// challenge, verify to aal2 and unenrol; WebAuthn factors through
// go-webauthn ceremonies; phone factors enrol), passkeys (/passkeys), the
// OAuth 2.1 server (the client registry at /admin/oauth/clients,
// /oauth/authorize, the consent API, /oauth/token, dynamic registration
// and discovery: oauth_server.go), auth hooks as Postgres functions or
// signed HTTP calls (hooks*.go), and GoTrue's exact refusals for what a local project has off or
// tinybase does not do (/sso, /user/identities, web3 and id_token grants,
// phone OTPs). Emails go to a Mailer (the root package passes the local
// inbox, package inbox); GET /inbox (service_role) also lists them. Request and response bodies, error shapes
// (legacy {code,error_code,msg} and the 2024-01-01 {code,message} chosen
// by the X-Supabase-Api-Version header) and JWT claims follow GoTrue.
//
// The boundary: users, identities, sessions, refresh tokens, AMR claims,
// MFA factors and challenges, OAuth clients, authorizations and consents,
// and flow states are rows in
// the auth schema (auth.users, ...), written with SQL through an engine session as supabase_auth_admin would write
// them, so triggers on auth.users fire and foreign keys to auth.users hold.
// Nothing is kept in memory except the local mail inbox (a development
// stand-in for Inbucket/Mailpit) and the optional rate limiter.
package auth
