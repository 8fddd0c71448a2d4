package session

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Functions of the extensions CREATE EXTENSION accepts (uuid-ossp,
// pgcrypto), built in: a Supabase database has them installed, so they are
// available whether or not the extension was created in this database.
func addExtensionFuncs(r *expr.Registry) {
	fixedUUID := func(name, value string) {
		r.Add(name, expr.FuncImpl{Result: expr.Fixed(types.UUID), Fn: func(*sql.Context, *types.Env, []any) (any, error) { return value, nil }})
	}
	fixedUUID("uuid_nil", "00000000-0000-0000-0000-000000000000")
	fixedUUID("uuid_ns_dns", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")
	fixedUUID("uuid_ns_url", "6ba7b811-9dad-11d1-80b4-00c04fd430c8")
	fixedUUID("uuid_ns_oid", "6ba7b812-9dad-11d1-80b4-00c04fd430c8")
	fixedUUID("uuid_ns_x500", "6ba7b814-9dad-11d1-80b4-00c04fd430c8")
	r.Add("uuid_generate_v4", expr.FuncImpl{Result: expr.Fixed(types.UUID), Volatile: true, Fn: func(*sql.Context, *types.Env, []any) (any, error) {
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, err
		}
		return formatUUID(b[:], 4), nil
	}})
	nameUUID := func(h func() hash.Hash, version byte) func(*sql.Context, *types.Env, []any) (any, error) {
		return func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			ns := strings.ReplaceAll(a[0].(string), "-", "")
			raw, err := hex.DecodeString(ns)
			if err != nil || len(raw) != 16 {
				return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid namespace uuid")
			}
			d := h()
			d.Write(raw)
			d.Write([]byte(a[1].(string)))
			return formatUUID(d.Sum(nil)[:16], version), nil
		}
	}
	r.Add("uuid_generate_v5", expr.FuncImpl{Args: []*types.Type{types.UUID, types.Text}, Result: expr.Fixed(types.UUID), Fn: nameUUID(sha1.New, 5)})
	r.Add("uuid_generate_v3", expr.FuncImpl{Args: []*types.Type{types.UUID, types.Text}, Result: expr.Fixed(types.UUID), Fn: nameUUID(md5.New, 3)})

	// pgcrypto (PostgreSQL docs F.28)
	for _, data := range []*types.Type{types.Text, types.Bytea} {
		r.Add("digest", expr.FuncImpl{Args: []*types.Type{data, types.Text}, Result: expr.Fixed(types.Bytea),
			Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
				h, err := hashByName(a[1].(string))
				if err != nil {
					return nil, err
				}
				d := h()
				d.Write(asBytes(a[0]))
				return d.Sum(nil), nil
			}})
		r.Add("hmac", expr.FuncImpl{Args: []*types.Type{data, data, types.Text}, Result: expr.Fixed(types.Bytea),
			Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
				h, err := hashByName(a[2].(string))
				if err != nil {
					return nil, err
				}
				m := hmac.New(h, asBytes(a[1]))
				m.Write(asBytes(a[0]))
				return m.Sum(nil), nil
			}})
	}
	r.Add("gen_random_bytes", expr.FuncImpl{Args: []*types.Type{types.Int4}, Result: expr.Fixed(types.Bytea), Volatile: true,
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			n := a[0].(int32)
			if n < 1 || n > 1024 {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "Length not in range")
			}
			b := make([]byte, n)
			_, err := rand.Read(b)
			return b, err
		}})
	r.Add("gen_salt", expr.FuncImpl{Args: []*types.Type{types.Text}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return genSalt(a[0].(string)) }})
	r.Add("gen_salt", expr.FuncImpl{Args: []*types.Type{types.Text, types.Int4}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			if strings.ToLower(a[0].(string)) == "bf" {
				return bcryptSalt(int(a[1].(int32)))
			}
			return genSalt(a[0].(string))
		}})
	r.Add("crypt", expr.FuncImpl{Args: []*types.Type{types.Text, types.Text}, Result: expr.Fixed(types.Text),
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return crypt(a[0].(string), a[1].(string)) }})
}

func formatUUID(b []byte, version byte) string {
	b[6] = b[6]&0x0f | version<<4
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
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
