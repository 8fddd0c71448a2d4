package auth

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/logs"
	"golang.org/x/crypto/bcrypt"
)

// Server is the GoTrue HTTP API as an http.Handler; it serves paths
// relative to /auth/v1 (the root package strips the prefix).
type Server struct {
	cfg    Config
	eng    *engine.Engine // nil on PostgreSQL (NewOnDB); tests reach the engine through it
	signer *signer
	mux    *http.ServeMux
	logger *slog.Logger
	inbox  *Inbox
	mailer Mailer    // nil: emails stay in inbox only
	sms    SMSSender // nil: text messages stay in inbox only
	// templates are the parsed [auth.email.template.*], by name.
	templates map[string]*mailTemplate
	// hookBackoff is the pause between HTTP hook attempts (GoTrue: 2 s).
	hookBackoff time.Duration
	limiter     *rateLimiter
	db          DB // where the SQL runs (db.go)
	// onStatement, when set, receives each statement (WithStatementLog).
	onStatement logs.StatementFunc
	// now and random are the clock and the randomness source, replaced by
	// tests for deterministic output.
	now    func() time.Time
	random io.Reader
	// dummy is a bcrypt hash compared against when an account does not
	// exist, so its absence is not told apart by timing.
	dummyOnce sync.Once
	dummy     string
	// afterRefreshRead, when set (by tests), runs between reading a
	// refresh token and rotating it.
	afterRefreshRead func()
	// passkeyTables is set once the passkey tables exist (see
	// ensurePasskeyTables); passkeyMu serializes their creation.
	passkeyMu     sync.Mutex
	passkeyTables bool
	// oauthTables is set once the OAuth server's tables exist (see
	// ensureOAuthTables).
	oauthMu     sync.Mutex
	oauthTables bool
}

func (s *Server) dummyHash() string {
	s.dummyOnce.Do(func() {
		h, err := bcrypt.GenerateFromPassword([]byte(s.alphanumeric(16)), s.cfg.BcryptCost)
		if err == nil {
			s.dummy = string(h)
		}
	})
	return s.dummy
}

// Option adjusts a Server built by New.
type Option func(*Server)

// WithLogger sets the logger that receives emails (with their links) and
// internal errors.
func WithLogger(l *slog.Logger) Option { return func(s *Server) { s.logger = l } }

// WithStatementLog reports every statement the server runs to log (for
// the postgres log of a running tinybase).
func WithStatementLog(log logs.StatementFunc) Option {
	return func(s *Server) { s.onStatement = log }
}

// WithClock replaces the wall clock.
func WithClock(now func() time.Time) Option { return func(s *Server) { s.now = now } }

// WithRandom replaces crypto/rand as the source of ids, tokens and OTPs.
func WithRandom(r io.Reader) Option { return func(s *Server) { s.random = r } }

// New builds the auth server over an engine whose auth schema exists (the
// Supabase bootstrap creates it), its SQL running as cfg.DBUser.
func New(cfg Config, eng *engine.Engine, opts ...Option) (*Server, error) {
	if eng == nil {
		return nil, errors.New("auth: New needs an engine")
	}
	s, err := NewOnDB(cfg, newEngineDB(eng, cfg.DBUser), opts...)
	if err != nil {
		return nil, err
	}
	s.eng = eng
	return s, nil
}

// NewOnDB builds the auth server over db, a database with the Supabase
// bootstrap's auth schema: an engine (New) or PostgreSQL (OnPostgres).
func NewOnDB(cfg Config, db DB, opts ...Option) (*Server, error) {
	if db == nil {
		return nil, errors.New("auth: NewOnDB needs a DB")
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	sg, err := newSigner(cfg)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, db: db, signer: sg, logger: slog.New(slog.DiscardHandler), now: time.Now, random: rand.Reader,
		hookBackoff: 2 * time.Second}
	for _, o := range opts {
		o(s)
	}
	s.inbox = newInbox(s.logger)
	if s.templates, err = loadTemplates(cfg); err != nil {
		return nil, err
	}
	s.limiter = newRateLimiter(cfg.RateLimit)
	s.routes()
	return s, nil
}

// Inbox is the local mail inbox: every email the server would send.
func (s *Server) Inbox() *Inbox { return s.inbox }

// Config returns the server's configuration.
func (s *Server) Config() Config { return s.cfg }

// handlerFunc is an endpoint: it writes its response or returns an error
// that writeError renders in GoTrue's shape.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

func (s *Server) handle(pattern string, h handlerFunc) {
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				s.writeError(w, r, internalError(fmt.Errorf("panic: %v", p), "Internal Server Error"))
			}
		}()
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	})
}

func (s *Server) routes() {
	s.mux = http.NewServeMux()
	s.handle("GET /health", s.health)
	s.handle("GET /settings", s.settings)
	s.handle("GET /.well-known/jwks.json", s.jwksHandler)
	s.handle("POST /signup", s.limit(limitSignIn, s.signup))
	s.handle("POST /token", s.token)
	s.handle("GET /user", s.getUser)
	s.handle("PUT /user", s.updateUser)
	s.handle("POST /logout", s.logout)
	s.handle("GET /reauthenticate", s.reauthenticate)
	s.handle("POST /recover", s.limit(limitEmail, s.recover))
	s.handle("POST /otp", s.limit(limitEmail, s.otp))
	s.handle("POST /magiclink", s.limit(limitEmail, s.magicLink))
	s.handle("GET /verify", s.limit(limitVerify, s.verifyGet))
	s.handle("POST /verify", s.limit(limitVerify, s.verifyPost))
	s.handle("POST /resend", s.limit(limitEmail, s.resend))
	s.handle("GET /authorize", s.authorize)
	s.handle("POST /invite", s.admin(s.invite))
	s.handle("GET /admin/users", s.admin(s.adminListUsers))
	s.handle("POST /admin/users", s.admin(s.adminCreateUser))
	s.handle("GET /admin/users/{id}", s.admin(s.adminGetUser))
	s.handle("PUT /admin/users/{id}", s.admin(s.adminUpdateUser))
	s.handle("DELETE /admin/users/{id}", s.admin(s.adminDeleteUser))
	s.handle("GET /admin/users/{id}/factors", s.admin(s.adminListFactors))
	s.handle("DELETE /admin/users/{id}/factors/{factor_id}", s.admin(s.adminDeleteFactor))
	s.handle("PUT /admin/users/{id}/factors/{factor_id}", s.admin(s.adminUpdateFactor))
	s.handle("POST /admin/oauth/clients", s.admin(s.oauthServerOn(s.adminCreateOAuthClient)))
	s.handle("GET /admin/oauth/clients", s.admin(s.oauthServerOn(s.adminListOAuthClients)))
	s.handle("GET /admin/oauth/clients/{client_id}", s.admin(s.oauthServerOn(s.adminGetOAuthClient)))
	s.handle("PUT /admin/oauth/clients/{client_id}", s.admin(s.oauthServerOn(s.adminUpdateOAuthClient)))
	s.handle("DELETE /admin/oauth/clients/{client_id}", s.admin(s.oauthServerOn(s.adminDeleteOAuthClient)))
	s.handle("POST /admin/oauth/clients/{client_id}/regenerate_secret", s.admin(s.oauthServerOn(s.adminRegenerateOAuthSecret)))
	s.handle("GET /oauth/authorize", s.oauthOn(s.oauthAuthorize))
	s.handle("GET /oauth/authorizations/{authorization_id}", s.oauthOn(s.authorizationDetails))
	s.handle("POST /oauth/authorizations/{authorization_id}/consent", s.oauthOn(s.authorizationConsent))
	s.handle("POST /oauth/token", s.oauthOn(s.oauthToken))
	s.handle("POST /oauth/clients/register", s.oauthOn(s.oauthRegister))
	s.handle("GET /.well-known/oauth-authorization-server", s.oauthServerOn(s.oauthMetadata))
	s.handle("GET /user/oauth/grants", s.oauthOn(s.listGrants))
	s.handle("DELETE /user/oauth/grants", s.oauthOn(s.revokeGrant))
	s.handle("POST /passkeys/registration/options", s.passkeyOn(s.passkeyRegistrationOptions))
	s.handle("POST /passkeys/registration/verify", s.passkeyOn(s.passkeyRegistrationVerify))
	s.handle("POST /passkeys/authentication/options", s.passkeyOn(s.passkeyAuthenticationOptions))
	s.handle("POST /passkeys/authentication/verify", s.passkeyOn(s.passkeyAuthenticationVerify))
	s.handle("GET /passkeys", s.passkeyOn(s.passkeyList))
	s.handle("PATCH /passkeys/{passkey_id}", s.passkeyOn(s.passkeyUpdate))
	s.handle("DELETE /passkeys/{passkey_id}", s.passkeyOn(s.passkeyDelete))
	s.handle("GET /admin/users/{id}/passkeys", s.admin(s.adminPasskeyList))
	s.handle("DELETE /admin/users/{id}/passkeys/{passkey_id}", s.admin(s.adminPasskeyDelete))
	s.handle("POST /factors", s.enrollFactor)
	s.handle("POST /factors/{factor_id}/challenge", s.challengeFactor)
	s.handle("POST /factors/{factor_id}/verify", s.verifyFactor)
	s.handle("DELETE /factors/{factor_id}", s.unenrollFactor)
	s.handle("POST /admin/generate_link", s.admin(s.adminGenerateLink))
	s.handle("POST /sso", s.ssoDisabled)
	s.handle("GET /sso/saml/metadata", s.ssoDisabled)
	s.handle("POST /sso/saml/acs", s.ssoDisabled)
	s.handle("GET /user/identities/authorize", s.linkIdentity)
	s.handle("DELETE /user/identities/{identity_id}", s.unlinkIdentity)
	s.handle("GET /inbox", s.admin(s.inboxList))
	s.handle("DELETE /inbox", s.admin(s.inboxClear))
	s.handle("/", func(w http.ResponseWriter, r *http.Request) error {
		return notFound("", "Not Found")
	})
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mux.ServeHTTP(w, r)
}

// health is GET /health.
func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	sendJSON(w, http.StatusOK, map[string]string{
		"version":     "v2.180.0",
		"name":        "GoTrue",
		"description": "GoTrue is a user registration and authentication API",
	})
	return nil
}

// maxBody bounds request bodies.
const maxBody = 1 << 20

// readParams is GoTrue's retrieveRequestParams: the body as JSON.
func readParams(r *http.Request, v any) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return internalError(err, "Could not read body into byte slice")
	}
	if len(body) > maxBody {
		return newError(http.StatusRequestEntityTooLarge, "request_entity_too_large", "Request body too large (max %d bytes)", maxBody)
	}
	if err := json.Unmarshal(body, v); err != nil {
		return badRequest(codeBadJSON, "Could not parse request body as JSON: %v", err)
	}
	return nil
}

var bearerRegexp = regexp.MustCompile(`^(?i)Bearer (\S+$)`)

// bearer is extractBearerToken.
func bearer(r *http.Request) (string, error) {
	m := bearerRegexp.FindStringSubmatch(r.Header.Get("Authorization"))
	if len(m) != 2 {
		return "", newError(http.StatusUnauthorized, codeNoAuthorization, "This endpoint requires a valid Bearer token")
	}
	return m[1], nil
}

// parseClaims is parseJWTClaims: signature, algorithm and time checks.
func (s *Server) parseClaims(token string) (*accessClaims, error) {
	c := &accessClaims{}
	if err := s.signer.verify(token, c, s.now); err != nil {
		return nil, forbidden(codeBadJWT, "invalid JWT: unable to parse or verify signature, %v", err)
	}
	return c, nil
}

// authCtx is what requireAuthentication loads.
type authCtx struct {
	claims  *accessClaims
	user    *user
	session *session // nil when the token has no session_id
}

// requireAuth is requireAuthentication: a valid user JWT whose user (and
// session, when the token names one) exist.
func (s *Server) requireAuth(r *http.Request, t *txn) (*authCtx, error) {
	tok, err := bearer(r)
	if err != nil {
		return nil, err
	}
	c, err := s.parseClaims(tok)
	if err != nil {
		return nil, err
	}
	if c.Subject == "" {
		return nil, forbidden(codeBadJWT, "invalid claim: missing sub claim")
	}
	if !isUUID(c.Subject) {
		return nil, badRequest(codeBadJWT, "invalid claim: sub claim must be a UUID")
	}
	a := &authCtx{claims: c}
	a.user, err = t.userByID(c.Subject)
	if err != nil {
		if isNotFound(err) {
			return nil, forbidden(codeUserNotFound, "User from sub claim in JWT does not exist")
		}
		return nil, dbError(err, "Database error finding user")
	}
	if c.SessionID != "" && c.SessionID != instanceID {
		if !isUUID(c.SessionID) {
			return nil, forbidden(codeBadJWT, "invalid claim: session_id claim must be a UUID")
		}
		a.session, err = t.sessionByID(c.SessionID)
		if err != nil {
			if isNotFound(err) {
				return nil, forbidden(codeSessionNotFound, "Session from session_id claim in JWT does not exist")
			}
			return nil, dbError(err, "Database error finding session")
		}
	}
	if a.user.isBanned(s.now()) {
		return nil, forbidden(codeUserBanned, "User is banned")
	}
	return a, nil
}

// checkAudience is the audience check of UserGet / UserUpdate.
func (s *Server) checkAudience(r *http.Request, c *accessClaims) error {
	if len(c.Audience) == 0 || s.requestAud(r) != c.Audience[0] {
		return badRequest(codeValidationFailed, "Token audience doesn't match request audience")
	}
	return nil
}

// requestAud is the audience requested with X-JWT-AUD, else
// "authenticated".
func (s *Server) requestAud(r *http.Request) string {
	if a := r.Header.Get("X-JWT-AUD"); a != "" {
		return a
	}
	return "authenticated"
}

// admin wraps an endpoint with requireAdminCredentials: a JWT whose role
// is service_role (GOTRUE_JWT_ADMIN_ROLES).
func (s *Server) admin(h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		tok, err := bearer(r)
		if err != nil {
			return err
		}
		c, err := s.parseClaims(tok)
		if err != nil {
			return err
		}
		if c.Role != "service_role" {
			return forbidden(codeNotAdmin, "User not allowed")
		}
		return h(w, r)
	}
}

// newID returns a random (version 4) UUID.
func (s *Server) newID() string {
	var b [16]byte
	s.fill(b[:])
	b[6] = (b[6] & 0x0f) | 0x40
	b[8] = (b[8] & 0x3f) | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func (s *Server) fill(b []byte) {
	if _, err := io.ReadFull(s.random, b); err != nil {
		panic("auth: randomness source failed: " + err.Error())
	}
}

// alphanumeric is crypto.SecureAlphanumeric: n characters of [a-z0-9].
func (s *Server) alphanumeric(n int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	out := make([]byte, n)
	buf := make([]byte, 1)
	for i := 0; i < n; {
		s.fill(buf)
		if buf[0] >= 252 { // 252 = 7*36: reject to stay uniform
			continue
		}
		out[i] = alphabet[int(buf[0])%len(alphabet)]
		i++
	}
	return string(out)
}

// otpDigits is crypto.GenerateOtp: n decimal digits.
func (s *Server) otpDigits(n int) string {
	out := make([]byte, n)
	buf := make([]byte, 1)
	for i := 0; i < n; {
		s.fill(buf)
		if buf[0] >= 250 {
			continue
		}
		out[i] = '0' + buf[0]%10
		i++
	}
	return string(out)
}

// nowUTC is the clock truncated to what timestamptz stores.
func (s *Server) nowUTC() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// hashPassword hashes with bcrypt at the configured cost.
func (s *Server) hashPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), s.cfg.BcryptCost)
	if err != nil {
		return "", internalError(err, "Error hashing password")
	}
	return string(h), nil
}

// checkPassword compares in constant time (bcrypt does).
func checkPassword(hash, pw string) bool {
	if hash == "" {
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) == nil
}

// checkPasswordStrength is GoTrue's: length, required characters.
func (s *Server) checkPasswordStrength(pw string) error {
	if len(pw) > 72 {
		return badRequest(codeValidationFailed, "Password cannot be longer than 72 characters")
	}
	var messages, reasons []string
	if len(pw) < s.cfg.MinimumPasswordLength {
		reasons = append(reasons, "length")
		messages = append(messages, fmt.Sprintf("Password should be at least %d characters.", s.cfg.MinimumPasswordLength))
	}
	sets := passwordRequirementSets[s.cfg.PasswordRequirements]
	for _, set := range sets {
		if !strings.ContainsAny(pw, set) {
			reasons = append(reasons, "characters")
			messages = append(messages, fmt.Sprintf("Password should contain at least one character of each: %s.", strings.Join(sets, ", ")))
			break
		}
	}
	if len(reasons) > 0 {
		e := unprocessable(codeWeakPassword, "%s", strings.Join(messages, " "))
		e.Reasons = reasons
		return e
	}
	return nil
}

// emailRegexp is checkmail's format check.
var emailRegexp = regexp.MustCompile(`^[a-zA-Z0-9.!#$%&'*+/=?^_` + "`" + `{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$`)

// validateEmail is GoTrue's validateEmail: required, ≤ 255, well-formed;
// it returns the address in lower case.
func validateEmail(email string) (string, error) {
	if email == "" {
		return "", badRequest(codeValidationFailed, "An email address is required")
	}
	if len(email) > 255 {
		return "", badRequest(codeValidationFailed, "An email address is too long")
	}
	if !emailRegexp.MatchString(email) {
		return "", badRequest(codeEmailAddressInvalid, "Unable to validate email address: invalid format")
	}
	return strings.ToLower(email), nil
}

var phoneRegexp = regexp.MustCompile(`^[1-9]\d{1,14}$`)

// validatePhone is GoTrue's validatePhone (E.164 digits without +).
func validatePhone(phone string) (string, error) {
	p := strings.TrimPrefix(strings.ReplaceAll(strings.TrimSpace(phone), " ", ""), "+")
	if !phoneRegexp.MatchString(p) {
		return "", badRequest(codeValidationFailed, "Invalid phone number format (E.164 required)")
	}
	return p, nil
}

// clientIP is the request's address for sessions and rate limits.
func clientIP(r *http.Request) string {
	if f := r.Header.Get("X-Forwarded-For"); f != "" {
		if ip := net.ParseIP(strings.TrimSpace(strings.Split(f, ",")[0])); ip != nil {
			return ip.String()
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return ""
	}
	if ip := net.ParseIP(host); ip != nil {
		return ip.String()
	}
	return ""
}

// ctxOf is the request's context.
func ctxOf(r *http.Request) context.Context {
	return context.WithValue(r.Context(), requestKey{}, r)
}

// requestKey keeps the request in a transaction's context, for the
// metadata of the hooks it runs.
type requestKey struct{}

// requestOf is the request a transaction serves (nil outside one).
func requestOf(ctx context.Context) *http.Request {
	r, _ := ctx.Value(requestKey{}).(*http.Request)
	return r
}
