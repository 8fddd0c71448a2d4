// Package auth is tinybase's Supabase Auth (GoTrue) server, served under
// /auth/v1 by the root package.
//
// It emulates the GoTrue v2 HTTP API that @supabase/auth-js calls: sign-up
// (email + password, anonymous), the /token grants (password,
// refresh_token with rotation and reuse detection, pkce), /user, /logout,
// /recover, /otp, /magiclink, /verify, /resend, /settings, /health,
// /authorize (email PKCE only), /invite, the admin API and
// /.well-known/jwks.json. Request and response bodies, error shapes
// (legacy {code,error_code,msg} and the 2024-01-01 {code,message} chosen
// by the X-Supabase-Api-Version header) and JWT claims follow GoTrue.
//
// The boundary: users, identities, sessions, refresh tokens, AMR claims
// and flow states are rows in the auth schema (auth.users, ...), written
// with SQL through an engine session as supabase_auth_admin would write
// them, so triggers on auth.users fire and foreign keys to auth.users hold.
// Nothing is kept in memory except the local mail inbox (a development
// stand-in for Inbucket/Mailpit) and the optional rate limiter.
package auth
