package extensions

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/md5"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"hash"
	"strings"

	"golang.org/x/crypto/blowfish"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// pgcrypto stands in for pgcrypto 1.3 (PostgreSQL docs F.28): digest,
// hmac, crypt / gen_salt (bf and md5), gen_random_bytes,
// gen_random_uuid, the raw encrypt / decrypt (aes and bf; cbc and ecb;
// pkcs and no padding), PGP symmetric encryption (pgcrypto_pgp.go) and
// ASCII armor. The public-key PGP functions are not provided.
func pgcrypto() *Extension {
	return &Extension{
		Name:        "pgcrypto",
		Version:     "1.3",
		Comment:     "cryptographic functions",
		Relocatable: true,
		Funcs: map[string]Func{
			"pg_digest": Scalar(func(a []any) (any, error) {
				h, err := hashByName(a[1].(string))
				if err != nil {
					return nil, err
				}
				d := h()
				d.Write(asBytes(a[0]))
				return d.Sum(nil), nil
			}),
			"pg_hmac": Scalar(func(a []any) (any, error) {
				h, err := hashByName(a[2].(string))
				if err != nil {
					return nil, err
				}
				m := hmac.New(h, asBytes(a[1]))
				m.Write(asBytes(a[0]))
				return m.Sum(nil), nil
			}),
			"pg_random_bytes": Scalar(func(a []any) (any, error) {
				n := a[0].(int32)
				if n < 1 || n > 1024 {
					return nil, pgerror.New(pgerror.InvalidParameterValue, "Length not in range")
				}
				b := make([]byte, n)
				_, err := rand.Read(b)
				return b, err
			}),
			"pg_random_uuid": Scalar(func([]any) (any, error) {
				var b [16]byte
				if _, err := rand.Read(b[:]); err != nil {
					return nil, err
				}
				return formatUUID(b[:], 4), nil
			}),
			"pg_gen_salt": Scalar(func(a []any) (any, error) { return genSalt(a[0].(string)) }),
			"pg_gen_salt_rounds": Scalar(func(a []any) (any, error) {
				switch strings.ToLower(a[0].(string)) {
				case "bf":
					return bcryptSalt(int(a[1].(int32)))
				case "md5":
					return nil, pgerror.New(pgerror.InvalidParameterValue, "gen_salt: Incorrect number of rounds")
				}
				return genSalt(a[0].(string))
			}),
			"pg_crypt":   Scalar(func(a []any) (any, error) { return crypt(a[0].(string), a[1].(string)) }),
			"pg_encrypt": Scalar(func(a []any) (any, error) { return rawCipher(true, a[0].([]byte), a[1].([]byte), nil, a[2].(string)) }),
			"pg_decrypt": Scalar(func(a []any) (any, error) { return rawCipher(false, a[0].([]byte), a[1].([]byte), nil, a[2].(string)) }),
			"pg_encrypt_iv": Scalar(func(a []any) (any, error) {
				return rawCipher(true, a[0].([]byte), a[1].([]byte), a[2].([]byte), a[3].(string))
			}),
			"pg_decrypt_iv": Scalar(func(a []any) (any, error) {
				return rawCipher(false, a[0].([]byte), a[1].([]byte), a[2].([]byte), a[3].(string))
			}),
			"pg_armor":   Scalar(func(a []any) (any, error) { return armor(a[0].([]byte)), nil }),
			"pg_dearmor": Scalar(func(a []any) (any, error) { return dearmor(a[0].(string)) }),
			"pgp_sym_encrypt_text": Scalar(func(a []any) (any, error) {
				return pgpSymEncrypt([]byte(a[0].(string)), a[1].(string), optArg(a, 2), true)
			}),
			"pgp_sym_encrypt_bytea": Scalar(func(a []any) (any, error) {
				return pgpSymEncrypt(a[0].([]byte), a[1].(string), optArg(a, 2), false)
			}),
			"pgp_sym_decrypt_text": Scalar(func(a []any) (any, error) {
				b, err := pgpSymDecrypt(a[0].([]byte), a[1].(string), optArg(a, 2))
				if err != nil {
					return nil, err
				}
				return string(b), nil
			}),
			"pgp_sym_decrypt_bytea": Scalar(func(a []any) (any, error) { return pgpSymDecrypt(a[0].([]byte), a[1].(string), optArg(a, 2)) }),
		},
		Script: `
CREATE FUNCTION digest(text, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pg_digest' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION digest(bytea, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pg_digest' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hmac(text, text, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pg_hmac' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hmac(bytea, bytea, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pg_hmac' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crypt(text, text) RETURNS text AS 'MODULE_PATHNAME', 'pg_crypt' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_salt(text) RETURNS text AS 'MODULE_PATHNAME', 'pg_gen_salt' LANGUAGE c VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_salt(text, int4) RETURNS text AS 'MODULE_PATHNAME', 'pg_gen_salt_rounds' LANGUAGE c VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION encrypt(bytea, bytea, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pg_encrypt' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION decrypt(bytea, bytea, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pg_decrypt' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION encrypt_iv(bytea, bytea, bytea, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pg_encrypt_iv' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION decrypt_iv(bytea, bytea, bytea, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pg_decrypt_iv' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_random_bytes(int4) RETURNS bytea AS 'MODULE_PATHNAME', 'pg_random_bytes' LANGUAGE c VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION gen_random_uuid() RETURNS uuid AS 'MODULE_PATHNAME', 'pg_random_uuid' LANGUAGE c VOLATILE PARALLEL SAFE;
CREATE FUNCTION pgp_sym_encrypt(text, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pgp_sym_encrypt_text' LANGUAGE c STRICT PARALLEL SAFE;
CREATE FUNCTION pgp_sym_encrypt_bytea(bytea, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pgp_sym_encrypt_bytea' LANGUAGE c STRICT PARALLEL SAFE;
CREATE FUNCTION pgp_sym_encrypt(text, text, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pgp_sym_encrypt_text' LANGUAGE c STRICT PARALLEL SAFE;
CREATE FUNCTION pgp_sym_encrypt_bytea(bytea, text, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pgp_sym_encrypt_bytea' LANGUAGE c STRICT PARALLEL SAFE;
CREATE FUNCTION pgp_sym_decrypt(bytea, text) RETURNS text AS 'MODULE_PATHNAME', 'pgp_sym_decrypt_text' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pgp_sym_decrypt_bytea(bytea, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pgp_sym_decrypt_bytea' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pgp_sym_decrypt(bytea, text, text) RETURNS text AS 'MODULE_PATHNAME', 'pgp_sym_decrypt_text' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pgp_sym_decrypt_bytea(bytea, text, text) RETURNS bytea AS 'MODULE_PATHNAME', 'pgp_sym_decrypt_bytea' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION armor(bytea) RETURNS text AS 'MODULE_PATHNAME', 'pg_armor' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION dearmor(text) RETURNS bytea AS 'MODULE_PATHNAME', 'pg_dearmor' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
`,
	}
}

func optArg(a []any, i int) string {
	if len(a) > i {
		return a[i].(string)
	}
	return ""
}

func asBytes(v any) []byte {
	if s, ok := v.(string); ok {
		return []byte(s)
	}
	return v.([]byte)
}

func hashByName(name string) (func() hash.Hash, error) {
	switch strings.ToLower(name) {
	case "md5":
		return md5.New, nil
	case "sha1":
		return sha1.New, nil
	case "sha224":
		return sha256.New224, nil
	case "sha256":
		return sha256.New, nil
	case "sha384":
		return sha512.New384, nil
	case "sha512":
		return sha512.New, nil
	}
	return nil, pgerror.New(pgerror.InvalidParameterValue, "Cannot use %q: No such hash algorithm", name)
}

// rawCipher is encrypt / decrypt [_iv]: type is algorithm[-mode][/pad:padding]
// (docs F.28.6, "Raw Encryption Functions"); the IV defaults to zeros.
func rawCipher(enc bool, data, key, iv []byte, typ string) ([]byte, error) {
	bad := func() error {
		return pgerror.New(pgerror.InvalidParameterValue, "encrypt error: Cannot use %q: No such cipher algorithm", typ)
	}
	spec, pad := typ, "pkcs"
	if i := strings.Index(typ, "/pad:"); i >= 0 {
		spec, pad = typ[:i], typ[i+5:]
	}
	alg, mode, _ := strings.Cut(spec, "-")
	if mode == "" {
		mode = "cbc"
	}
	var block cipher.Block
	var err error
	switch alg {
	case "aes":
		k := key
		switch {
		case len(k) <= 16:
			k = append(append([]byte(nil), k...), make([]byte, 16-len(k))...)
		case len(k) <= 24:
			k = append(append([]byte(nil), k...), make([]byte, 24-len(k))...)
		case len(k) <= 32:
			k = append(append([]byte(nil), k...), make([]byte, 32-len(k))...)
		default:
			k = k[:32]
		}
		block, err = aes.NewCipher(k)
	case "bf":
		block, err = blowfish.NewCipher(key)
	default:
		return nil, bad()
	}
	if err != nil || (mode != "cbc" && mode != "ecb") || (pad != "pkcs" && pad != "none") {
		return nil, bad()
	}
	bs := block.BlockSize()
	ivb := make([]byte, bs)
	copy(ivb, iv)
	if enc {
		buf := append([]byte(nil), data...)
		if pad == "pkcs" {
			n := bs - len(buf)%bs
			buf = append(buf, bytes.Repeat([]byte{byte(n)}, n)...)
		} else if len(buf)%bs != 0 {
			return nil, pgerror.New("39000", "encrypt error: Encryption failed")
		}
		cryptBlocks(block, mode, ivb, buf, true)
		return buf, nil
	}
	if len(data)%bs != 0 {
		return nil, pgerror.New("39000", "decrypt error: Decryption failed")
	}
	buf := append([]byte(nil), data...)
	cryptBlocks(block, mode, ivb, buf, false)
	if pad == "pkcs" {
		if len(buf) == 0 {
			return nil, pgerror.New("39000", "decrypt error: Decryption failed")
		}
		n := int(buf[len(buf)-1])
		if n == 0 || n > bs || n > len(buf) {
			return nil, pgerror.New("39000", "decrypt error: Decryption failed")
		}
		buf = buf[:len(buf)-n]
	}
	return buf, nil
}

func cryptBlocks(b cipher.Block, mode string, iv, buf []byte, enc bool) {
	if mode == "cbc" {
		if enc {
			cipher.NewCBCEncrypter(b, iv).CryptBlocks(buf, buf)
		} else {
			cipher.NewCBCDecrypter(b, iv).CryptBlocks(buf, buf)
		}
		return
	}
	bs := b.BlockSize()
	for i := 0; i < len(buf); i += bs {
		if enc {
			b.Encrypt(buf[i:i+bs], buf[i:i+bs])
		} else {
			b.Decrypt(buf[i:i+bs], buf[i:i+bs])
		}
	}
}

// cryptAlphabet is crypt(3)'s base-64 alphabet.
const cryptAlphabet = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

func randomSalt(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = cryptAlphabet[int(b[i])%len(cryptAlphabet)]
	}
	return string(b)
}

// genSalt is pgcrypto's gen_salt for the md5 and bf algorithms.
func genSalt(kind string) (string, error) {
	switch strings.ToLower(kind) {
	case "md5":
		return "$1$" + randomSalt(8), nil
	case "bf":
		return bcryptSalt(6)
	}
	return "", pgerror.New(pgerror.InvalidParameterValue, "gen_salt: Unknown salt algorithm")
}

// crypt is pgcrypto's crypt for bcrypt ($2a$) and MD5-crypt ($1$) salts.
func crypt(password, salt string) (string, error) {
	if strings.HasPrefix(salt, "$2") {
		return bcryptHash(password, salt)
	}
	if !strings.HasPrefix(salt, "$1$") {
		return "", pgerror.New(pgerror.FeatureNotSupported, "crypt with this salt algorithm is not supported yet")
	}
	s := salt[3:]
	if i := strings.IndexByte(s, '$'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 8 {
		s = s[:8]
	}
	return md5Crypt([]byte(password), []byte(s)), nil
}

// md5Crypt is the FreeBSD MD5-based crypt(3) ($1$).
func md5Crypt(pw, salt []byte) string {
	alt := md5.New()
	alt.Write(pw)
	alt.Write(salt)
	alt.Write(pw)
	altSum := alt.Sum(nil)
	ctx := md5.New()
	ctx.Write(pw)
	ctx.Write([]byte("$1$"))
	ctx.Write(salt)
	for i := len(pw); i > 0; i -= 16 {
		n := i
		if n > 16 {
			n = 16
		}
		ctx.Write(altSum[:n])
	}
	for i := len(pw); i > 0; i >>= 1 {
		if i&1 != 0 {
			ctx.Write([]byte{0})
		} else {
			ctx.Write(pw[:1])
		}
	}
	sum := ctx.Sum(nil)
	for i := 0; i < 1000; i++ {
		c := md5.New()
		if i&1 != 0 {
			c.Write(pw)
		} else {
			c.Write(sum)
		}
		if i%3 != 0 {
			c.Write(salt)
		}
		if i%7 != 0 {
			c.Write(pw)
		}
		if i&1 != 0 {
			c.Write(sum)
		} else {
			c.Write(pw)
		}
		sum = c.Sum(nil)
	}
	var out strings.Builder
	out.WriteString("$1$")
	out.Write(salt)
	out.WriteByte('$')
	enc := func(a, b, c byte, n int) {
		v := uint(a)<<16 | uint(b)<<8 | uint(c)
		for ; n > 0; n-- {
			out.WriteByte(cryptAlphabet[v&0x3f])
			v >>= 6
		}
	}
	enc(sum[0], sum[6], sum[12], 4)
	enc(sum[1], sum[7], sum[13], 4)
	enc(sum[2], sum[8], sum[14], 4)
	enc(sum[3], sum[9], sum[15], 4)
	enc(sum[4], sum[10], sum[5], 4)
	enc(0, 0, sum[11], 2)
	return out.String()
}
