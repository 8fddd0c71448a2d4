package extensions

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strconv"

	"golang.org/x/crypto/blowfish"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// bcrypt for pgcrypto's crypt() with $2a$ salts. golang.org/x/crypto/bcrypt
// only hashes with a salt of its own choosing, and crypt(password, hash)
// must reuse the hash's salt, so the algorithm (OpenBSD eksblowfish, as in
// x/crypto/bcrypt) is spelled out here on x/crypto/blowfish.

const bcryptAlphabet = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

var bcryptEncoding = base64.NewEncoding(bcryptAlphabet).WithPadding(base64.NoPadding)

// bcryptSalt returns a "$2a$NN$" salt with 16 random bytes.
func bcryptSalt(cost int) (string, error) {
	if cost < 4 || cost > 31 {
		return "", pgerror.New(pgerror.InvalidParameterValue, "gen_salt: Incorrect number of rounds")
	}
	var raw [16]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", err
	}
	return fmt.Sprintf("$2a$%02d$%s", cost, bcryptEncoding.EncodeToString(raw[:])), nil
}

// bcryptHash hashes password with the cost and salt of setting, a bcrypt
// salt or hash ("$2a$06$" + 22 salt characters [+ hash]).
func bcryptHash(password, setting string) (string, error) {
	bad := pgerror.New(pgerror.InvalidParameterValue, "invalid salt")
	if len(setting) < 29 || setting[0] != '$' || setting[1] != '2' || setting[6] != '$' {
		return "", bad
	}
	prefix := setting[:4] // $2a$, $2b$, $2y$
	cost, err := strconv.Atoi(setting[4:6])
	if err != nil || cost < 4 || cost > 31 {
		return "", bad
	}
	saltText := setting[7:29]
	salt, err := bcryptEncoding.DecodeString(saltText)
	if err != nil || len(salt) != 16 {
		// the last character carries 2 unused bits; decode leniently
		salt, err = base64.NewEncoding(bcryptAlphabet).WithPadding(base64.NoPadding).Strict().DecodeString(saltText)
		if err != nil {
			return "", bad
		}
	}
	key := []byte(password)
	if len(key) > 72 {
		key = key[:72]
	}
	key = append(key, 0) // C implementations expand the trailing NUL too
	c, err := blowfish.NewSaltedCipher(key, salt)
	if err != nil {
		return "", bad
	}
	for i := uint64(0); i < 1<<uint(cost); i++ {
		blowfish.ExpandKey(key, c)
		blowfish.ExpandKey(salt, c)
	}
	data := []byte("OrpheanBeholderScryDoubt")
	for i := 0; i < 24; i += 8 {
		for j := 0; j < 64; j++ {
			c.Encrypt(data[i:i+8], data[i:i+8])
		}
	}
	return fmt.Sprintf("%s%02d$%s%s", prefix, cost, saltText, bcryptEncoding.EncodeToString(data[:23])), nil
}
