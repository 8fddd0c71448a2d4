package expr

import (
	"crypto/md5"
	"encoding/hex"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// AddByteaFuncs adds the binary string functions.
// A family of session.Builtins.
//
// Binary string functions (docs 9.5, Table 9.11 and 9.12). They register
// after AddTextFuncs (session.Builtins), so an unknown literal argument still
// resolves to the text overload first.
func AddByteaFuncs(r *Registry) {
	B, I, T := types.Bytea, types.Int4, types.Text
	byteLen := func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return int32(len(a[0].([]byte))), nil }
	bfAddSimple(r, "length", bfTt(B), I, byteLen)
	bfAddSimple(r, "octet_length", bfTt(B), I, byteLen)
	bfAddSimple(r, "bit_length", bfTt(B), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return int32(8 * len(a[0].([]byte))), nil })
	bfAddSimple(r, "md5", bfTt(B), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		h := md5.Sum(a[0].([]byte))
		return hex.EncodeToString(h[:]), nil
	})
	bfAddSimple(r, "get_byte", bfTt(B, I), I, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		b, n := a[0].([]byte), bfAsInt(a[1])
		if n < 0 || n >= int64(len(b)) {
			return nil, pgerror.New("2202E", "index %d out of valid range, 0..%d", n, max(len(b)-1, 0))
		}
		return int32(b[n]), nil
	})
	bfAddSimple(r, "set_byte", bfTt(B, I, I), B, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		b, n := a[0].([]byte), bfAsInt(a[1])
		if n < 0 || n >= int64(len(b)) {
			return nil, pgerror.New("2202E", "index %d out of valid range, 0..%d", n, max(len(b)-1, 0))
		}
		out := append([]byte{}, b...)
		out[n] = byte(bfAsInt(a[2]))
		return out, nil
	})
	substr := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		b := a[0].([]byte)
		start := bfAsInt(a[1])
		end := int64(len(b)) + 1
		if len(a) == 3 {
			n := bfAsInt(a[2])
			if n < 0 {
				return nil, pgerror.New("22011", "negative substring length not allowed")
			}
			end = start + n
		}
		start = max(start, 1)
		end = min(end, int64(len(b))+1)
		if end <= start {
			return []byte{}, nil
		}
		return append([]byte{}, b[start-1:end-1]...), nil
	}
	for _, n := range []string{"substring", "substr"} {
		bfAddSimple(r, n, bfTt(B, I), B, substr)
		bfAddSimple(r, n, bfTt(B, I, I), B, substr)
	}
	bfAddSimple(r, "convert_to", bfTt(T, types.Name), B, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		s := a[0].(string)
		switch normEncoding(a[1].(string)) {
		case "utf8", "sqlascii":
			return []byte(s), nil
		case "latin1":
			out := make([]byte, 0, len(s))
			for _, r := range s {
				if r > 0xff {
					return nil, pgerror.New(pgerror.UntranslatableCharacter, "character with byte sequence %s in encoding \"UTF8\" has no equivalent in encoding \"LATIN1\"", byteSeq(string(r)))
				}
				out = append(out, byte(r))
			}
			return out, nil
		}
		return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid destination encoding name %q", a[1])
	})
	bfAddSimple(r, "convert_from", bfTt(B, types.Name), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		b := a[0].([]byte)
		switch normEncoding(a[1].(string)) {
		case "utf8", "sqlascii":
			if i := invalidUTF8(b); i >= 0 {
				return nil, pgerror.New(pgerror.CharacterNotInRepertoire, "invalid byte sequence for encoding \"UTF8\": %s", byteSeq(string(b[i:min(i+1, len(b))])))
			}
			return string(b), nil
		case "latin1":
			var sb strings.Builder
			for _, c := range b {
				sb.WriteRune(rune(c))
			}
			return sb.String(), nil
		}
		return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid source encoding name %q", a[1])
	})
}

// normEncoding folds an encoding name the way PostgreSQL's
// pg_char_to_encoding does: case and punctuation do not matter.
func normEncoding(s string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			sb.WriteRune(r)
		}
	}
	switch n := sb.String(); n {
	case "unicode":
		return "utf8"
	case "iso88591":
		return "latin1"
	default:
		return n
	}
}

// invalidUTF8 returns the offset of the first invalid UTF-8 (or NUL)
// byte, or -1.
func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if (r == utf8.RuneError && n <= 1) || r == 0 {
			return i
		}
		i += n
	}
	return -1
}

func byteSeq(s string) string {
	parts := make([]string, len(s))
	for i := 0; i < len(s); i++ {
		parts[i] = "0x" + hex.EncodeToString([]byte{s[i]})
	}
	return strings.Join(parts, " ")
}
