package auth

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
)

// Passkeys ([auth.passkey] enabled, relying party from [auth.webauthn]):
// discoverable WebAuthn credentials registered by a signed-in user and
// used to sign in without a password, as GoTrue's /passkeys endpoints.
// Ceremonies are checked by go-webauthn. Credentials and pending
// challenges are rows in auth.webauthn_credentials and
// auth.webauthn_challenges, which the auth server creates on first use
// (GoTrue's own migrations add them; the bootstrap schema predates them).

const (
	codePasskeyDisabled            = "passkey_disabled"
	codeTooManyPasskeys            = "too_many_passkeys"
	codeWebAuthnChallengeNotFound  = "webauthn_challenge_not_found"
	codeWebAuthnChallengeExpired   = "webauthn_challenge_expired"
	codeWebAuthnVerificationFailed = "webauthn_verification_failed"
	codeWebAuthnCredentialExists   = "webauthn_credential_exists"
	maxPasskeysPerUser             = 10
	webAuthnChallengeExpiry        = 5 * time.Minute
	amrPasskey                     = "passkey"
)

const passkeyDDL = `CREATE TABLE IF NOT EXISTS auth.webauthn_credentials (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
    credential_id text NOT NULL UNIQUE,
    credential jsonb NOT NULL,
    friendly_name text NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    last_used_at timestamptz
);
CREATE TABLE IF NOT EXISTS auth.webauthn_challenges (
    id uuid PRIMARY KEY,
    user_id uuid REFERENCES auth.users(id) ON DELETE CASCADE,
    challenge_type text NOT NULL,
    session_data jsonb NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
)`

// ensurePasskeyTables creates the passkey tables once per server; a
// failure is retried on the next request.
func (s *Server) ensurePasskeyTables(r *http.Request) error {
	s.passkeyMu.Lock()
	defer s.passkeyMu.Unlock()
	if s.passkeyTables {
		return nil
	}
	err := s.tx(ctxOf(r), func(t *txn) error {
		for _, q := range bytes.Split([]byte(passkeyDDL), []byte(";\n")) {
			if _, err := t.exec(string(q)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return internalError(err, "Database error preparing passkeys")
	}
	s.passkeyTables = true
	return nil
}

// passkeyOn is requirePasskeyEnabled.
func (s *Server) passkeyOn(h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if !s.cfg.PasskeyEnabled {
			return notFound(codePasskeyDisabled, "Passkeys are disabled")
		}
		if err := s.ensurePasskeyTables(r); err != nil {
			return err
		}
		return h(w, r)
	}
}

func (s *Server) webAuthn() (*webauthn.WebAuthn, error) {
	w, err := webauthn.New(&webauthn.Config{
		RPDisplayName:         s.cfg.WebAuthn.RPDisplayName,
		RPID:                  s.cfg.WebAuthn.RPID,
		RPOrigins:             s.cfg.WebAuthn.RPOrigins,
		AttestationPreference: protocol.PreferNoAttestation,
		AuthenticatorSelection: protocol.AuthenticatorSelection{
			ResidentKey:      protocol.ResidentKeyRequirementRequired,
			UserVerification: protocol.VerificationPreferred,
		},
	})
	if err != nil {
		return nil, internalError(err, "Failed to initialize WebAuthn")
	}
	return w, nil
}

// passkey is one auth.webauthn_credentials row.
type passkey struct {
	ID, UserID, FriendlyName string
	Credential               webauthn.Credential
	CreatedAt                time.Time
	LastUsedAt               *time.Time
}

// passkeyItem is PasskeyListItem.
type passkeyItem struct {
	ID           string     `json:"id"`
	FriendlyName string     `json:"friendly_name,omitempty"`
	CreatedAt    time.Time  `json:"created_at"`
	LastUsedAt   *time.Time `json:"last_used_at,omitempty"`
}

func (p *passkey) item() passkeyItem {
	return passkeyItem{ID: p.ID, FriendlyName: p.FriendlyName, CreatedAt: p.CreatedAt, LastUsedAt: p.LastUsedAt}
}

func (t *txn) passkeys(where string, args ...any) ([]*passkey, error) {
	rows, err := t.query(`select id, user_id, friendly_name, credential::text, created_at, last_used_at from auth.webauthn_credentials where `+where+` order by created_at`, args...)
	if err != nil {
		return nil, err
	}
	out := make([]*passkey, 0, len(rows))
	for _, r := range rows {
		p := &passkey{ID: str(r[0]), UserID: str(r[1]), FriendlyName: str(r[2]), LastUsedAt: parseTime(r[5])}
		if err := json.Unmarshal([]byte(str(r[3])), &p.Credential); err != nil {
			return nil, err
		}
		if tm := parseTime(r[4]); tm != nil {
			p.CreatedAt = *tm
		}
		out = append(out, p)
	}
	return out, nil
}

// waUser adapts a user and its passkeys to go-webauthn; the user handle
// is the user id's text, as GoTrue's.
type waUser struct {
	u     *user
	creds []webauthn.Credential
}

func (w *waUser) WebAuthnID() []byte { return []byte(w.u.ID) }
func (w *waUser) WebAuthnName() string {
	if w.u.Email != "" {
		return w.u.Email
	}
	return w.u.Phone
}
func (w *waUser) WebAuthnDisplayName() string {
	if n, ok := w.u.UserMetaData["name"].(string); ok && n != "" {
		return n
	}
	return w.WebAuthnName()
}
func (w *waUser) WebAuthnCredentials() []webauthn.Credential { return w.creds }

func newWAUser(u *user, ps []*passkey) *waUser {
	w := &waUser{u: u}
	for _, p := range ps {
		w.creds = append(w.creds, p.Credential)
	}
	return w
}

// requirePasskeyAAL is requirePasskeyManagementAAL: with a verified MFA
// factor, managing passkeys needs an aal2 session.
func requirePasskeyAAL(a *authCtx) error {
	for _, f := range a.user.Factors {
		if f.Status == factorVerified && (a.session == nil || a.session.AAL != "aal2") {
			return forbidden(codeInsufficientAAL, "AAL2 session is required to manage passkeys when MFA is enabled")
		}
	}
	return nil
}

type passkeyOptionsResponse struct {
	ChallengeID string `json:"challenge_id"`
	Options     any    `json:"options"`
	ExpiresAt   int64  `json:"expires_at"`
}

func (s *Server) storeChallenge(t *txn, userID any, typ string, sd *webauthn.SessionData) (string, time.Time, error) {
	b, err := json.Marshal(sd)
	if err != nil {
		return "", time.Time{}, internalError(err, "Database error storing challenge")
	}
	now := s.nowUTC()
	exp := now.Add(webAuthnChallengeExpiry)
	id := s.newID()
	if _, err := t.exec(`insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, created_at, expires_at)
 values ($1::uuid, $2::uuid, $3, $4::jsonb, $5::timestamptz, $6::timestamptz)`, id, userID, typ, string(b), pgTime(now), pgTime(exp)); err != nil {
		return "", time.Time{}, dbError(err, "Database error storing challenge")
	}
	return id, exp, nil
}

// consumeChallenge is ConsumeWebAuthnChallengeByID: the challenge is
// deleted as it is read, so it serves one ceremony.
func (s *Server) consumeChallenge(t *txn, id, typ string, userID string) (*webauthn.SessionData, error) {
	if id == "" {
		return nil, badRequest(codeValidationFailed, "challenge_id is required")
	}
	if !isUUID(id) {
		return nil, badRequest(codeValidationFailed, "challenge_id must be a valid UUID")
	}
	q := `delete from auth.webauthn_challenges where id = $1::uuid and challenge_type = $2 and user_id is null returning session_data::text, expires_at`
	args := []any{id, typ}
	if userID != "" {
		q = `delete from auth.webauthn_challenges where id = $1::uuid and challenge_type = $2 and user_id = $3::uuid returning session_data::text, expires_at`
		args = append(args, userID)
	}
	rows, err := t.query(q, args...)
	if err != nil {
		return nil, dbError(err, "Database error consuming challenge")
	}
	if len(rows) == 0 {
		return nil, badRequest(codeWebAuthnChallengeNotFound, "Challenge not found or already used")
	}
	if exp := parseTime(rows[0][1]); exp == nil || s.now().After(*exp) {
		return nil, &commitWithError{badRequest(codeWebAuthnChallengeExpired, "Challenge has expired")}
	}
	sd := &webauthn.SessionData{}
	if err := json.Unmarshal([]byte(str(rows[0][0])), sd); err != nil {
		return nil, internalError(err, "Database error consuming challenge")
	}
	return sd, nil
}

type passkeyVerifyParams struct {
	ChallengeID string          `json:"challenge_id"`
	Credential  json.RawMessage `json:"credential"`
}

func readPasskeyParams(r *http.Request) (*passkeyVerifyParams, error) {
	var p passkeyVerifyParams
	if err := readParams(r, &p); err != nil {
		return nil, err
	}
	if p.ChallengeID == "" {
		return nil, badRequest(codeValidationFailed, "challenge_id is required")
	}
	if p.Credential == nil {
		return nil, badRequest(codeValidationFailed, "credential is required")
	}
	return &p, nil
}

// passkeyRegistrationOptions is POST /passkeys/registration/options.
func (s *Server) passkeyRegistrationOptions(w http.ResponseWriter, r *http.Request) error {
	var out *passkeyOptionsResponse
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireFactorAuth(r, t)
		if err != nil {
			return err
		}
		if err := requirePasskeyAAL(a); err != nil {
			return err
		}
		ps, err := t.passkeys("user_id = $1::uuid", a.user.ID)
		if err != nil {
			return dbError(err, "Database error loading passkeys")
		}
		if len(ps) >= maxPasskeysPerUser {
			return unprocessable(codeTooManyPasskeys, "Maximum number of passkeys reached")
		}
		wa, err := s.webAuthn()
		if err != nil {
			return err
		}
		exclude := make([]protocol.CredentialDescriptor, len(ps))
		for i, p := range ps {
			exclude[i] = protocol.CredentialDescriptor{Type: protocol.PublicKeyCredentialType, CredentialID: p.Credential.ID}
		}
		opts, sd, err := wa.BeginRegistration(newWAUser(a.user, ps), webauthn.WithExclusions(exclude))
		if err != nil {
			return internalError(err, "Failed to generate WebAuthn registration options")
		}
		id, exp, err := s.storeChallenge(t, a.user.ID, "registration", sd)
		if err != nil {
			return err
		}
		out = &passkeyOptionsResponse{ChallengeID: id, Options: opts.Response, ExpiresAt: exp.Unix()}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, out)
	return nil
}

// passkeyRegistrationVerify is POST /passkeys/registration/verify.
func (s *Server) passkeyRegistrationVerify(w http.ResponseWriter, r *http.Request) error {
	var out map[string]any
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireFactorAuth(r, t)
		if err != nil {
			return err
		}
		if err := requirePasskeyAAL(a); err != nil {
			return err
		}
		p, err := readPasskeyParams(r)
		if err != nil {
			return err
		}
		sd, err := s.consumeChallenge(t, p.ChallengeID, "registration", a.user.ID)
		if err != nil {
			return err
		}
		var ccr protocol.CredentialCreationResponse
		if err := json.Unmarshal(p.Credential, &ccr); err != nil {
			return &commitWithError{badRequest(codeWebAuthnVerificationFailed, "Invalid credential response")}
		}
		parsed, err := ccr.Parse()
		if err != nil {
			return &commitWithError{badRequest(codeWebAuthnVerificationFailed, "Invalid credential response")}
		}
		wa, err := s.webAuthn()
		if err != nil {
			return err
		}
		ps, err := t.passkeys("user_id = $1::uuid", a.user.ID)
		if err != nil {
			return dbError(err, "Database error loading passkeys")
		}
		cred, err := wa.CreateCredential(newWAUser(a.user, ps), *sd, parsed)
		if err != nil {
			return &commitWithError{badRequest(codeWebAuthnVerificationFailed, "Credential verification failed")}
		}
		if len(ps) >= maxPasskeysPerUser {
			return unprocessable(codeTooManyPasskeys, "Maximum number of passkeys reached")
		}
		credID := base64.RawURLEncoding.EncodeToString(cred.ID)
		if dup, err := t.passkeys("credential_id = $1", credID); err != nil {
			return dbError(err, "Database error creating passkey")
		} else if len(dup) > 0 {
			return &commitWithError{unprocessable(codeWebAuthnCredentialExists, "This credential is already registered")}
		}
		b, err := json.Marshal(cred)
		if err != nil {
			return internalError(err, "Database error creating passkey")
		}
		now := s.nowUTC()
		pk := &passkey{ID: s.newID(), UserID: a.user.ID, FriendlyName: "Passkey", CreatedAt: now}
		if _, err := t.exec(`insert into auth.webauthn_credentials (id, user_id, credential_id, credential, friendly_name, created_at, updated_at)
 values ($1::uuid, $2::uuid, $3, $4::jsonb, $5, $6::timestamptz, $6::timestamptz)`, pk.ID, pk.UserID, credID, string(b), pk.FriendlyName, pgTime(now)); err != nil {
			return dbError(err, "Database error creating passkey")
		}
		out = map[string]any{"id": pk.ID, "friendly_name": pk.FriendlyName, "created_at": now}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, out)
	return nil
}

// passkeyAuthenticationOptions is POST /passkeys/authentication/options:
// a discoverable-credential challenge bound to no user.
func (s *Server) passkeyAuthenticationOptions(w http.ResponseWriter, r *http.Request) error {
	if err := s.checkLimit(limitSignIn, r); err != nil {
		return err
	}
	var out *passkeyOptionsResponse
	err := s.tx(ctxOf(r), func(t *txn) error {
		wa, err := s.webAuthn()
		if err != nil {
			return err
		}
		opts, sd, err := wa.BeginDiscoverableLogin()
		if err != nil {
			return internalError(err, "Failed to generate WebAuthn authentication options")
		}
		id, exp, err := s.storeChallenge(t, nil, "authentication", sd)
		if err != nil {
			return err
		}
		out = &passkeyOptionsResponse{ChallengeID: id, Options: opts.Response, ExpiresAt: exp.Unix()}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, out)
	return nil
}

// passkeyAuthenticationVerify is POST /passkeys/authentication/verify:
// the assertion is checked against the credential its user handle and id
// name (signature, origin, challenge, counter); the sign-in is a new
// session with a passkey amr claim.
func (s *Server) passkeyAuthenticationVerify(w http.ResponseWriter, r *http.Request) error {
	var resp *sessionResponse
	err := s.tx(ctxOf(r), func(t *txn) error {
		p, err := readPasskeyParams(r)
		if err != nil {
			return err
		}
		sd, err := s.consumeChallenge(t, p.ChallengeID, "authentication", "")
		if err != nil {
			return err
		}
		fail := &commitWithError{badRequest(codeWebAuthnVerificationFailed, "Credential verification failed")}
		var car protocol.CredentialAssertionResponse
		if err := json.Unmarshal(p.Credential, &car); err != nil {
			return &commitWithError{badRequest(codeWebAuthnVerificationFailed, "Invalid credential response")}
		}
		parsed, err := car.Parse()
		if err != nil {
			return &commitWithError{badRequest(codeWebAuthnVerificationFailed, "Invalid credential response")}
		}
		wa, err := s.webAuthn()
		if err != nil {
			return err
		}
		var owner *user
		var found []*passkey
		handler := func(rawID, userHandle []byte) (webauthn.User, error) {
			u, err := t.userByID(string(userHandle))
			if err != nil {
				return nil, err
			}
			ps, err := t.passkeys("user_id = $1::uuid", u.ID)
			if err != nil {
				return nil, err
			}
			if len(ps) == 0 {
				return nil, errNotFound
			}
			owner, found = u, ps
			return newWAUser(u, ps), nil
		}
		_, cred, err := wa.ValidatePasskeyLogin(handler, *sd, parsed)
		if err != nil || owner == nil {
			return fail
		}
		if owner.Email != "" && !owner.isConfirmed() {
			return &commitWithError{forbidden(codeEmailNotConfirmed, "Email not confirmed")}
		}
		if owner.isBanned(s.now()) {
			return &commitWithError{forbidden(codeUserBanned, "User is banned")}
		}
		var pk *passkey
		for _, c := range found {
			if bytes.Equal(c.Credential.ID, cred.ID) {
				pk = c
			}
		}
		if pk == nil {
			return fail
		}
		pk.Credential.Authenticator.SignCount = cred.Authenticator.SignCount
		b, err := json.Marshal(pk.Credential)
		if err != nil {
			return internalError(err, "Database error updating passkey")
		}
		now := pgTime(s.nowUTC())
		if _, err := t.exec(`update auth.webauthn_credentials set credential = $2::jsonb, last_used_at = $3::timestamptz, updated_at = $3::timestamptz where id = $1::uuid`,
			pk.ID, string(b), now); err != nil {
			return dbError(err, "Database error updating passkey")
		}
		resp, err = s.issueSession(t, r, owner, amrPasskey)
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, resp)
	return nil
}

// passkeyList is GET /passkeys: the caller's passkeys.
func (s *Server) passkeyList(w http.ResponseWriter, r *http.Request) error {
	var items []passkeyItem
	err := s.read(ctxOf(r), func(t *txn) error {
		a, err := s.requireAuth(r, t)
		if err != nil {
			return err
		}
		items, err = listPasskeys(t, a.user.ID)
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, items)
	return nil
}

func listPasskeys(t *txn, userID string) ([]passkeyItem, error) {
	ps, err := t.passkeys("user_id = $1::uuid", userID)
	if err != nil {
		return nil, dbError(err, "Database error loading passkeys")
	}
	items := make([]passkeyItem, len(ps))
	for i, p := range ps {
		items[i] = p.item()
	}
	return items, nil
}

func ownedPasskey(t *txn, r *http.Request, userID string) (*passkey, error) {
	id := r.PathValue("passkey_id")
	if !isUUID(id) {
		return nil, notFound(codeValidationFailed, "Passkey not found")
	}
	ps, err := t.passkeys("id = $1::uuid and user_id = $2::uuid", id, userID)
	if err != nil {
		return nil, dbError(err, "Database error loading passkey")
	}
	if len(ps) == 0 {
		return nil, notFound(codeValidationFailed, "Passkey not found")
	}
	return ps[0], nil
}

// passkeyUpdate is PATCH /passkeys/{passkey_id}: the friendly name.
func (s *Server) passkeyUpdate(w http.ResponseWriter, r *http.Request) error {
	var pk *passkey
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireAuth(r, t)
		if err != nil {
			return err
		}
		if _, err := ownedPasskey(t, r, a.user.ID); err != nil {
			return err
		}
		var p struct {
			FriendlyName string `json:"friendly_name"`
		}
		if err := readParams(r, &p); err != nil {
			return err
		}
		if p.FriendlyName == "" {
			return badRequest(codeValidationFailed, "friendly_name is required")
		}
		if len([]rune(p.FriendlyName)) > 120 {
			return badRequest(codeValidationFailed, "friendly_name must be 120 characters or less")
		}
		if pk, err = ownedPasskey(t, r, a.user.ID); err != nil {
			return err
		}
		pk.FriendlyName = p.FriendlyName
		_, err = t.exec(`update auth.webauthn_credentials set friendly_name = $2, updated_at = $3::timestamptz where id = $1::uuid`, pk.ID, pk.FriendlyName, pgTime(s.nowUTC()))
		if err != nil {
			return dbError(err, "Database error updating passkey")
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, pk.item())
	return nil
}

// passkeyDelete is DELETE /passkeys/{passkey_id}: 204.
func (s *Server) passkeyDelete(w http.ResponseWriter, r *http.Request) error {
	err := s.tx(ctxOf(r), func(t *txn) error {
		a, err := s.requireAuth(r, t)
		if err != nil {
			return err
		}
		if err := requirePasskeyAAL(a); err != nil {
			return err
		}
		return deleteOwnedPasskey(t, r, a.user.ID)
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// adminPasskeyList is GET /admin/users/{id}/passkeys.
func (s *Server) adminPasskeyList(w http.ResponseWriter, r *http.Request) error {
	if err := s.ensurePasskeyTables(r); err != nil {
		return err
	}
	var items []passkeyItem
	err := s.read(ctxOf(r), func(t *txn) error {
		u, err := s.loadAdminUser(t, r)
		if err != nil {
			return err
		}
		items, err = listPasskeys(t, u.ID)
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, items)
	return nil
}

// adminPasskeyDelete is DELETE /admin/users/{id}/passkeys/{passkey_id}.
func (s *Server) adminPasskeyDelete(w http.ResponseWriter, r *http.Request) error {
	if err := s.ensurePasskeyTables(r); err != nil {
		return err
	}
	err := s.tx(ctxOf(r), func(t *txn) error {
		u, err := s.loadAdminUser(t, r)
		if err != nil {
			return err
		}
		return deleteOwnedPasskey(t, r, u.ID)
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// deleteOwnedPasskey deletes the request's passkey, which must be userID's.
func deleteOwnedPasskey(t *txn, r *http.Request, userID string) error {
	pk, err := ownedPasskey(t, r, userID)
	if err != nil {
		return err
	}
	if _, err := t.exec(`delete from auth.webauthn_credentials where id = $1::uuid`, pk.ID); err != nil {
		return dbError(err, "Database error deleting passkey")
	}
	return nil
}
