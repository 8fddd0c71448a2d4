package auth

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"testing"
	"time"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
)

// softAuthenticator is a software WebAuthn authenticator (ES256, "none"
// attestation) that answers creation and request options the way a
// browser's navigator.credentials would.
type softAuthenticator struct {
	t          *testing.T
	rpID       string
	origin     string
	key        *ecdsa.PrivateKey
	credID     []byte
	userHandle []byte
	count      uint32
}

func newSoftAuthenticator(t *testing.T, rpID, origin string) *softAuthenticator {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	_, _ = rand.Read(id)
	return &softAuthenticator{t: t, rpID: rpID, origin: origin, key: k, credID: id}
}

var b64u = base64.RawURLEncoding

func (a *softAuthenticator) clientData(typ, challenge, origin string) []byte {
	b, _ := json.Marshal(map[string]string{"type": typ, "challenge": challenge, "origin": origin})
	return b
}

func (a *softAuthenticator) authData(flags byte, attested []byte) []byte {
	h := sha256.Sum256([]byte(a.rpID))
	out := append(h[:], flags)
	out = binary.BigEndian.AppendUint32(out, a.count)
	return append(out, attested...)
}

// create answers PublicKeyCredentialCreationOptions.
func (a *softAuthenticator) create(options map[string]any) map[string]any {
	a.t.Helper()
	a.userHandle, _ = b64u.DecodeString(options["user"].(map[string]any)["id"].(string))
	x, y := a.key.X.FillBytes(make([]byte, 32)), a.key.Y.FillBytes(make([]byte, 32))
	cose, err := webauthncbor.Marshal(map[int]any{1: 2, 3: -7, -1: 1, -2: x, -3: y})
	if err != nil {
		a.t.Fatal(err)
	}
	attested := make([]byte, 16) // AAGUID
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(a.credID)))
	attested = append(append(attested, a.credID...), cose...)
	att, err := webauthncbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": a.authData(0x45, attested)})
	if err != nil {
		a.t.Fatal(err)
	}
	return map[string]any{
		"id": b64u.EncodeToString(a.credID), "rawId": b64u.EncodeToString(a.credID), "type": "public-key",
		"response": map[string]any{
			"clientDataJSON":    b64u.EncodeToString(a.clientData("webauthn.create", options["challenge"].(string), a.origin)),
			"attestationObject": b64u.EncodeToString(att),
		},
	}
}

// get answers PublicKeyCredentialRequestOptions from origin.
func (a *softAuthenticator) get(options map[string]any, origin string) map[string]any {
	a.t.Helper()
	a.count++
	cd := a.clientData("webauthn.get", options["challenge"].(string), origin)
	ad := a.authData(0x05, nil)
	h := sha256.Sum256(cd)
	sum := sha256.Sum256(append(append([]byte{}, ad...), h[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, a.key, sum[:])
	if err != nil {
		a.t.Fatal(err)
	}
	return map[string]any{
		"id": b64u.EncodeToString(a.credID), "rawId": b64u.EncodeToString(a.credID), "type": "public-key",
		"response": map[string]any{
			"clientDataJSON": b64u.EncodeToString(cd), "authenticatorData": b64u.EncodeToString(ad),
			"signature": b64u.EncodeToString(sig), "userHandle": b64u.EncodeToString(a.userHandle),
		},
	}
}

func passkeyHarness(t *testing.T) *harness {
	return newHarness(t, func(c *Config) {
		c.PasskeyEnabled = true
		c.WebAuthn = WebAuthnConfig{RPDisplayName: "tests", RPID: "localhost", RPOrigins: []string{"http://localhost:5173"}}
	})
}

// TestPasskeys: registration, sign-in, management and the rejections a
// verifier must make (replayed challenge, wrong origin, unknown
// authenticator).
func TestPasskeys(t *testing.T) {
	h := passkeyHarness(t)
	sess := h.signup("pk@example.com", "password1", nil)
	tok := sess["access_token"].(string)
	uid := sess["user"].(map[string]any)["id"].(string)
	auth := newSoftAuthenticator(t, "localhost", "http://localhost:5173")

	r := h.do("POST", "/passkeys/registration/options", map[string]any{}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("registration options: %d %s", r.Status, r.Body)
	}
	ro := r.json(t)
	opts := ro["options"].(map[string]any)
	if opts["rp"].(map[string]any)["id"] != "localhost" || opts["authenticatorSelection"].(map[string]any)["residentKey"] != "required" ||
		int64(ro["expires_at"].(float64)) != h.clock.now().Unix()+300 || !isUUID(ro["challenge_id"].(string)) {
		t.Errorf("registration options: %s", r.Body)
	}
	cred := auth.create(opts)
	r = h.do("POST", "/passkeys/registration/verify", map[string]any{"challenge_id": ro["challenge_id"], "credential": cred}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("registration verify: %d %s", r.Status, r.Body)
	}
	pid := r.json(t)["id"].(string)
	if r.json(t)["friendly_name"] != "Passkey" {
		t.Errorf("registration verify: %s", r.Body)
	}
	// The challenge served once.
	wantErr(t, h.do("POST", "/passkeys/registration/verify", map[string]any{"challenge_id": ro["challenge_id"], "credential": cred}, bearerH(tok)...),
		400, "webauthn_challenge_not_found", "Challenge not found or already used")

	// Sign in with it.
	ao := h.do("POST", "/passkeys/authentication/options", map[string]any{}).json(t)
	r = h.do("POST", "/passkeys/authentication/verify", map[string]any{"challenge_id": ao["challenge_id"], "credential": auth.get(ao["options"].(map[string]any), "http://localhost:5173")})
	if r.Status != 200 {
		t.Fatalf("authentication verify: %d %s", r.Status, r.Body)
	}
	c := jwtClaims(t, r.json(t)["access_token"].(string))
	if c["sub"] != uid || c["amr"].([]any)[0].(map[string]any)["method"] != "passkey" {
		t.Errorf("claims: %v", c)
	}
	// A replayed challenge, a wrong origin, an unregistered authenticator.
	wantErr(t, h.do("POST", "/passkeys/authentication/verify", map[string]any{"challenge_id": ao["challenge_id"], "credential": auth.get(ao["options"].(map[string]any), "http://localhost:5173")}),
		400, "webauthn_challenge_not_found", "Challenge not found or already used")
	ao = h.do("POST", "/passkeys/authentication/options", map[string]any{}).json(t)
	wantErr(t, h.do("POST", "/passkeys/authentication/verify", map[string]any{"challenge_id": ao["challenge_id"], "credential": auth.get(ao["options"].(map[string]any), "https://evil.example")}),
		400, "webauthn_verification_failed", "Credential verification failed")
	stranger := newSoftAuthenticator(t, "localhost", "http://localhost:5173")
	stranger.userHandle = []byte(uid)
	ao = h.do("POST", "/passkeys/authentication/options", map[string]any{}).json(t)
	wantErr(t, h.do("POST", "/passkeys/authentication/verify", map[string]any{"challenge_id": ao["challenge_id"], "credential": stranger.get(ao["options"].(map[string]any), "http://localhost:5173")}),
		400, "webauthn_verification_failed", "Credential verification failed")

	// Management.
	r = h.do("GET", "/passkeys", nil, bearerH(tok)...)
	var list []map[string]any
	if err := json.Unmarshal(r.Body, &list); err != nil || len(list) != 1 || list[0]["id"] != pid || list[0]["last_used_at"] == nil {
		t.Errorf("list: %s", r.Body)
	}
	r = h.do("PATCH", "/passkeys/"+pid, map[string]any{"friendly_name": "Laptop"}, bearerH(tok)...)
	if r.Status != 200 || r.json(t)["friendly_name"] != "Laptop" {
		t.Errorf("update: %d %s", r.Status, r.Body)
	}
	wantErr(t, h.do("PATCH", "/passkeys/00000000-0000-0000-0000-000000000000", map[string]any{"friendly_name": "x"}, bearerH(tok)...), 404, "validation_failed", "Passkey not found")
	r = h.do("GET", "/admin/users/"+uid+"/passkeys", nil, bearerH(serviceKey)...)
	if err := json.Unmarshal(r.Body, &list); err != nil || len(list) != 1 || list[0]["friendly_name"] != "Laptop" {
		t.Errorf("admin list: %s", r.Body)
	}
	if r = h.do("DELETE", "/passkeys/"+pid, nil, bearerH(tok)...); r.Status != 204 {
		t.Errorf("delete: %d %s", r.Status, r.Body)
	}
	ao = h.do("POST", "/passkeys/authentication/options", map[string]any{}).json(t)
	wantErr(t, h.do("POST", "/passkeys/authentication/verify", map[string]any{"challenge_id": ao["challenge_id"], "credential": auth.get(ao["options"].(map[string]any), "http://localhost:5173")}),
		400, "webauthn_verification_failed", "Credential verification failed")

	// Without a session, and with passkeys off.
	wantErr(t, h.do("POST", "/passkeys/registration/options", map[string]any{}, "Authorization", "none"), 401, "no_authorization", "This endpoint requires a valid Bearer token")
	wantErr(t, newHarness(t, nil).do("POST", "/passkeys/authentication/options", map[string]any{}), 404, "passkey_disabled", "Passkeys are disabled")
}

// TestMFAWebAuthnCeremony: a WebAuthn factor's first challenge registers
// the authenticator ("create"), later ones assert with it ("request");
// both raise the session to aal2, a wrong origin is refused.
func TestMFAWebAuthnCeremony(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.MFA.WebAuthn = MFAFactorConfig{EnrollEnabled: true, VerifyEnabled: true}
		c.WebAuthn = WebAuthnConfig{RPDisplayName: "tests", RPID: "localhost", RPOrigins: []string{"http://localhost:5173"}}
	})
	tok := h.signup("wamfa@example.com", "password1", nil)["access_token"].(string)
	auth := newSoftAuthenticator(t, "localhost", "http://localhost:5173")
	fid := h.do("POST", "/factors", map[string]any{"factor_type": "webauthn"}, bearerH(tok)...).json(t)["id"].(string)

	r := h.do("POST", "/factors/"+fid+"/challenge", map[string]any{}, bearerH(tok)...)
	ch := r.json(t)
	wch, _ := ch["webauthn"].(map[string]any)
	if r.Status != 200 || wch["type"] != "create" {
		t.Fatalf("challenge: %d %s", r.Status, r.Body)
	}
	cred := auth.create(wch["credential_options"].(map[string]any)["publicKey"].(map[string]any))
	wantErr(t, h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": ch["id"], "webauthn": map[string]any{"type": "sign"}}, bearerH(tok)...),
		400, "validation_failed", "WebAuthn type must be create or request")
	r = h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": ch["id"], "webauthn": map[string]any{"type": "create", "credential_response": cred}}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("verify create: %d %s", r.Status, r.Body)
	}
	tok = r.json(t)["access_token"].(string)
	if c := jwtClaims(t, tok); c["aal"] != "aal2" {
		t.Errorf("aal after create: %v", c["aal"])
	}

	// the second verification comes later than the password sign-in, so
	// its claim sorts first (GoTrue orders amr by the claims' seconds)
	h.clock.advance(2 * time.Second)
	ch = h.do("POST", "/factors/"+fid+"/challenge", map[string]any{}, bearerH(tok)...).json(t)
	wch = ch["webauthn"].(map[string]any)
	if wch["type"] != "request" {
		t.Fatalf("second challenge: %v", ch)
	}
	opts := wch["credential_options"].(map[string]any)["publicKey"].(map[string]any)
	r = h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": ch["id"], "webauthn": map[string]any{"type": "request", "credential_response": auth.get(opts, "https://evil.example")}}, bearerH(tok)...)
	if r.Status != 500 || r.json(t)["msg"] != "Failed to validate WebAuthn MFA response" {
		t.Errorf("wrong origin: %d %s", r.Status, r.Body)
	}
	r = h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": ch["id"], "webauthn": map[string]any{"type": "request", "credential_response": auth.get(opts, "http://localhost:5173")}}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("verify request: %d %s", r.Status, r.Body)
	}
	amr := jwtClaims(t, r.json(t)["access_token"].(string))["amr"].([]any)
	if amr[0].(map[string]any)["method"] != "mfa/webauthn" {
		t.Errorf("amr: %v", amr)
	}
}
