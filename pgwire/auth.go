package pgwire

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5/pgproto3"
)

// scramIterations is PostgreSQL's default scram_iterations.
const scramIterations = 4096

// scramVerifier is what the server keeps of a SCRAM-SHA-256 secret.
type scramVerifier struct {
	iter      int
	salt      []byte
	storedKey []byte
	serverKey []byte
}

// parseSCRAMVerifier reads "SCRAM-SHA-256$<iter>:<salt>$<StoredKey>:<ServerKey>".
func parseSCRAMVerifier(s string) (*scramVerifier, bool) {
	rest, ok := strings.CutPrefix(s, "SCRAM-SHA-256$")
	if !ok {
		return nil, false
	}
	a, b, ok := strings.Cut(rest, "$")
	if !ok {
		return nil, false
	}
	itS, saltS, ok1 := strings.Cut(a, ":")
	stS, svS, ok2 := strings.Cut(b, ":")
	if !ok1 || !ok2 {
		return nil, false
	}
	it, err := strconv.Atoi(itS)
	if err != nil || it <= 0 {
		return nil, false
	}
	dec := base64.StdEncoding.DecodeString
	salt, e1 := dec(saltS)
	st, e2 := dec(stS)
	sv, e3 := dec(svS)
	if e1 != nil || e2 != nil || e3 != nil || len(st) != sha256.Size || len(sv) != sha256.Size {
		return nil, false
	}
	return &scramVerifier{iter: it, salt: salt, storedKey: st, serverKey: sv}, true
}

// SCRAMVerifier derives password's SCRAM-SHA-256 verifier with a random
// salt, in the form PostgreSQL stores (rolpassword
// "SCRAM-SHA-256$<iter>:<salt>$<StoredKey>:<ServerKey>"). A Credentials
// that returns it rather than the plaintext spares the server the PBKDF2
// (~2 ms of CPU) of that password's first login: `tinybase start`
// derives the default password's while it opens the database.
func SCRAMVerifier(password string) string {
	v := newSCRAMVerifier(password)
	enc := base64.StdEncoding.EncodeToString
	return fmt.Sprintf("SCRAM-SHA-256$%d:%s$%s:%s", v.iter, enc(v.salt), enc(v.storedKey), enc(v.serverKey))
}

// newSCRAMVerifier derives a verifier from a plaintext password.
func newSCRAMVerifier(password string) *scramVerifier {
	salt := make([]byte, 16)
	_, _ = rand.Read(salt)
	return deriveVerifier(password, salt, scramIterations)
}

func deriveVerifier(password string, salt []byte, iter int) *scramVerifier {
	salted, _ := pbkdf2.Key(sha256.New, password, salt, iter, sha256.Size)
	clientKey := hmacSHA256(salted, "Client Key")
	stored := sha256.Sum256(clientKey)
	return &scramVerifier{iter: iter, salt: salt, storedKey: stored[:], serverKey: hmacSHA256(salted, "Server Key")}
}

func hmacSHA256(key []byte, msg string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(msg))
	return h.Sum(nil)
}

// verifierCache keeps the verifier derived from each plaintext secret, so
// PBKDF2 runs once per password rather than once per connection.
type verifierCache struct {
	mu sync.Mutex
	m  map[string]*scramVerifier // key: user + "\x00" + secret
}

func (c *verifierCache) get(user, secret string) *scramVerifier {
	if v, ok := parseSCRAMVerifier(secret); ok {
		return v
	}
	key := user + "\x00" + secret
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[key]; ok {
		return v
	}
	v := newSCRAMVerifier(secret)
	if len(c.m) > 1024 {
		clear(c.m)
	}
	c.m[key] = v
	return v
}

var errAuthFailed = errors.New("authentication failed")

// md5Secret matches a stored md5 password hash ("md5" + md5(password+user)).
var md5Secret = regexp.MustCompile(`^md5[0-9a-f]{32}$`)

// authenticate runs the configured exchange for user; it returns
// errAuthFailed for a wrong password and other errors for protocol faults.
func (c *conn) authenticate(user, secret string) error {
	method := c.srv.cfg.Auth
	if method == AuthTrust {
		return nil
	}
	if method == AuthMD5 {
		if _, isSCRAM := parseSCRAMVerifier(secret); isSCRAM {
			method = AuthSCRAM
		}
	}
	isMD5 := md5Secret.MatchString(secret)
	if method == AuthMD5 && secret == "" {
		method = AuthSCRAM // no password: a mock exchange that fails
	}
	switch method {
	case AuthSCRAM:
		if secret == "" || isMD5 {
			// No usable secret: run the exchange against a random
			// verifier so it fails the way a wrong password does.
			var junk [16]byte
			_, _ = rand.Read(junk[:])
			return c.authSCRAM(user, newSCRAMVerifier(hex.EncodeToString(junk[:])))
		}
		return c.authSCRAM(user, c.srv.verifiers.get(user, secret))
	case AuthMD5:
		var salt [4]byte
		_, _ = rand.Read(salt[:])
		c.be.Send(&pgproto3.AuthenticationMD5Password{Salt: salt})
		pw, err := c.receivePassword(pgproto3.AuthTypeMD5Password)
		if err != nil {
			return err
		}
		hashed := strings.TrimPrefix(secret, "md5")
		if !isMD5 {
			inner := md5.Sum([]byte(secret + user))
			hashed = hex.EncodeToString(inner[:])
		}
		outer := md5.Sum([]byte(hashed + string(salt[:])))
		want := "md5" + hex.EncodeToString(outer[:])
		if subtle.ConstantTimeCompare([]byte(pw), []byte(want)) != 1 {
			return errAuthFailed
		}
		return nil
	default: // AuthPassword
		c.be.Send(&pgproto3.AuthenticationCleartextPassword{})
		pw, err := c.receivePassword(pgproto3.AuthTypeCleartextPassword)
		if err != nil {
			return err
		}
		if secret == "" {
			return errAuthFailed
		}
		if isMD5 {
			inner := md5.Sum([]byte(pw + user))
			if subtle.ConstantTimeCompare([]byte("md5"+hex.EncodeToString(inner[:])), []byte(secret)) != 1 {
				return errAuthFailed
			}
			return nil
		}
		if v, ok := parseSCRAMVerifier(secret); ok {
			d := deriveVerifier(pw, v.salt, v.iter)
			if subtle.ConstantTimeCompare(d.storedKey, v.storedKey) != 1 {
				return errAuthFailed
			}
			return nil
		}
		if subtle.ConstantTimeCompare([]byte(pw), []byte(secret)) != 1 {
			return errAuthFailed
		}
		return nil
	}
}

func (c *conn) receivePassword(authType uint32) (string, error) {
	if err := c.flush(); err != nil {
		return "", err
	}
	if err := c.be.SetAuthType(authType); err != nil {
		return "", err
	}
	msg, err := c.be.Receive()
	if err != nil {
		return "", err
	}
	pm, ok := msg.(*pgproto3.PasswordMessage)
	if !ok {
		return "", protocolErrorf("expected password response, got message type %T", msg)
	}
	return pm.Password, nil
}

// authSCRAM runs RFC 5802 / 7677 SCRAM-SHA-256 without channel binding.
func (c *conn) authSCRAM(user string, v *scramVerifier) error {
	c.be.Send(&pgproto3.AuthenticationSASL{AuthMechanisms: []string{"SCRAM-SHA-256"}})
	if err := c.flush(); err != nil {
		return err
	}
	if err := c.be.SetAuthType(pgproto3.AuthTypeSASL); err != nil {
		return err
	}
	msg, err := c.be.Receive()
	if err != nil {
		return err
	}
	init, ok := msg.(*pgproto3.SASLInitialResponse)
	if !ok {
		return protocolErrorf("expected SASL response, got message type %T", msg)
	}
	if init.AuthMechanism != "SCRAM-SHA-256" {
		return protocolErrorf("client selected an invalid SASL authentication mechanism")
	}
	clientFirst := string(init.Data)
	var gs2, bare string
	switch {
	case strings.HasPrefix(clientFirst, "n,,"), strings.HasPrefix(clientFirst, "y,,"):
		gs2, bare = clientFirst[:3], clientFirst[3:]
	case strings.HasPrefix(clientFirst, "p="):
		return protocolErrorf("channel binding is not supported without SSL")
	default:
		return protocolErrorf("malformed SCRAM message (unexpected attribute in client-first-message)")
	}
	clientNonce := ""
	for _, attr := range strings.Split(bare, ",") {
		if r, ok := strings.CutPrefix(attr, "r="); ok {
			clientNonce = r
		}
	}
	if clientNonce == "" {
		return protocolErrorf("malformed SCRAM message (nonce missing)")
	}
	var nb [18]byte
	_, _ = rand.Read(nb[:])
	nonce := clientNonce + base64.StdEncoding.EncodeToString(nb[:])
	serverFirst := fmt.Sprintf("r=%s,s=%s,i=%d", nonce, base64.StdEncoding.EncodeToString(v.salt), v.iter)
	c.be.Send(&pgproto3.AuthenticationSASLContinue{Data: []byte(serverFirst)})
	if err := c.flush(); err != nil {
		return err
	}
	if err := c.be.SetAuthType(pgproto3.AuthTypeSASLContinue); err != nil {
		return err
	}
	msg, err = c.be.Receive()
	if err != nil {
		return err
	}
	resp, ok := msg.(*pgproto3.SASLResponse)
	if !ok {
		return protocolErrorf("expected SASL response, got message type %T", msg)
	}
	clientFinal := string(resp.Data)
	i := strings.LastIndex(clientFinal, ",p=")
	if i < 0 {
		return protocolErrorf("malformed SCRAM message (proof missing)")
	}
	withoutProof, proofS := clientFinal[:i], clientFinal[i+3:]
	var gotNonce, cbind string
	for _, attr := range strings.Split(withoutProof, ",") {
		if r, ok := strings.CutPrefix(attr, "r="); ok {
			gotNonce = r
		}
		if r, ok := strings.CutPrefix(attr, "c="); ok {
			cbind = r
		}
	}
	if cbind != base64.StdEncoding.EncodeToString([]byte(gs2)) {
		return protocolErrorf("SCRAM channel binding check failed")
	}
	if gotNonce != nonce {
		return protocolErrorf("SCRAM nonce mismatch")
	}
	proof, err := base64.StdEncoding.DecodeString(proofS)
	if err != nil || len(proof) != sha256.Size {
		return protocolErrorf("malformed SCRAM message (malformed proof in client-final-message)")
	}
	authMsg := bare + "," + serverFirst + "," + withoutProof
	sig := hmacSHA256(v.storedKey, authMsg)
	clientKey := make([]byte, sha256.Size)
	for k := range clientKey {
		clientKey[k] = proof[k] ^ sig[k]
	}
	h := sha256.Sum256(clientKey)
	if subtle.ConstantTimeCompare(h[:], v.storedKey) != 1 {
		return errAuthFailed
	}
	serverSig := hmacSHA256(v.serverKey, authMsg)
	c.be.Send(&pgproto3.AuthenticationSASLFinal{Data: []byte("v=" + base64.StdEncoding.EncodeToString(serverSig))})
	return nil
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
