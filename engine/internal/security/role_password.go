package security

import (
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// scramIterations is PostgreSQL's default scram_iterations.
const scramIterations = 4096

var md5Verifier = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^md5[0-9a-f]{32}$`) })

// passwordVerifier returns what pg_authid.rolpassword stores for a
// password given to CREATE / ALTER ROLE: an already encrypted password
// (SCRAM-SHA-256 verifier or md5 hash) as it is, otherwise a new
// SCRAM-SHA-256 verifier (password_encryption = scram-sha-256).
func passwordVerifier(role, password string) (string, error) {
	if strings.HasPrefix(password, "SCRAM-SHA-256$") || md5Verifier().MatchString(password) {
		return password, nil
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("engine: password salt: %w", err)
	}
	return ScramVerifier(password, salt, scramIterations), nil
}

// ScramVerifier computes a SCRAM-SHA-256 verifier the way PostgreSQL's
// scram_build_secret does (RFC 5802/7677):
// SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>.
func ScramVerifier(password string, salt []byte, iterations int) string {
	salted, err := pbkdf2.Key(sha256.New, password, salt, iterations, sha256.Size)
	if err != nil {
		panic(err) // only for invalid key lengths
	}
	clientKey := hmacSHA256(salted, "Client Key")
	stored := sha256.Sum256(clientKey)
	serverKey := hmacSHA256(salted, "Server Key")
	b64 := base64.StdEncoding.EncodeToString
	return fmt.Sprintf("SCRAM-SHA-256$%d:%s$%s:%s", iterations, b64(salt), b64(stored[:]), b64(serverKey))
}

func hmacSHA256(key []byte, msg string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(msg))
	return h.Sum(nil)
}
