package extensions

import (
	"testing"

	"golang.org/x/crypto/bcrypt"
)

func TestBcryptMatchesXCrypto(t *testing.T) {
	salt, err := bcryptSalt(4)
	if err != nil {
		t.Fatal(err)
	}
	h, err := bcryptHash("secret", salt)
	if err != nil {
		t.Fatal(err)
	}
	if err := bcrypt.CompareHashAndPassword([]byte(h), []byte("secret")); err != nil {
		t.Fatalf("x/crypto rejects %s: %v", h, err)
	}
	ref, _ := bcrypt.GenerateFromPassword([]byte("pw"), 4)
	again, err := bcryptHash("pw", string(ref))
	if err != nil || again != string(ref) {
		t.Fatalf("rehash %s = %s, %v", ref, again, err)
	}
}
