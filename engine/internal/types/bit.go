package types

import (
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// bit(n) and bit varying(n) (docs 8.10). Values are strings of '0' and
// '1'; typmod is the length n.
var (
	Bit    = &Type{Kind: KindBit, OID: 1560, Name: "bit", SQLName: "bit", Category: 'V', Mod: -1, ArrayOID: 1561, Len: -1}
	Varbit = &Type{Kind: KindBit, OID: 1562, Name: "varbit", SQLName: "bit varying", Category: 'V', Preferred: true, Mod: -1, ArrayOID: 1563, Len: -1}
)

// ParseBit is bit_in / varbit_in: binary digits, or B'…' / X'…' forms
// (a leading b or x selects the radix). The typmod is applied by ApplyMod.
func ParseBit(t *Type, s string) (string, error) {
	str := s
	hex := false
	if len(str) > 0 && (str[0] == 'b' || str[0] == 'B') {
		str = str[1:]
	} else if len(str) > 0 && (str[0] == 'x' || str[0] == 'X') {
		str, hex = str[1:], true
	}
	var b strings.Builder
	for _, r := range str {
		if hex {
			var v int
			switch {
			case r >= '0' && r <= '9':
				v = int(r - '0')
			case r >= 'a' && r <= 'f':
				v = int(r-'a') + 10
			case r >= 'A' && r <= 'F':
				v = int(r-'A') + 10
			default:
				return "", pgerror.New(pgerror.InvalidTextRepresentation, "%q is not a valid hexadecimal digit", string(r))
			}
			for i := 3; i >= 0; i-- {
				b.WriteByte('0' + byte(v>>i&1))
			}
			continue
		}
		if r != '0' && r != '1' {
			return "", pgerror.New(pgerror.InvalidTextRepresentation, "%q is not a valid binary digit", string(r))
		}
		b.WriteRune(r)
	}
	return b.String(), nil
}

// applyBitMod is the bit(n) / varbit(n) length coercion: bit(n) needs
// exactly n bits on assignment (an explicit cast pads or truncates on
// the right); varbit(n) takes at most n (an explicit cast truncates).
func applyBitMod(s string, t *Type, mod int32, explicit bool) (string, error) {
	if mod <= 0 {
		return s, nil
	}
	n := int(mod)
	if t.OID == Bit.OID {
		if len(s) == n {
			return s, nil
		}
		if !explicit {
			return "", pgerror.New(pgerror.StringDataLengthMismatch, "bit string length %d does not match type bit(%d)", len(s), n)
		}
		if len(s) > n {
			return s[:n], nil
		}
		return s + strings.Repeat("0", n-len(s)), nil
	}
	if len(s) <= n {
		return s, nil
	}
	if !explicit {
		return "", pgerror.New(pgerror.StringDataRightTruncation, "bit string too long for type bit varying(%d)", n)
	}
	return s[:n], nil
}

// BitFromInt is int4/int8 → bit(n): the n rightmost bits of the two's
// complement value (sign-extended when n is wider).
func BitFromInt(v int64, n int) string {
	if n <= 0 {
		n = 1
	}
	out := make([]byte, n)
	for i := 0; i < n; i++ {
		shift := n - 1 - i
		bit := byte(0)
		if shift >= 64 {
			if v < 0 {
				bit = 1
			}
		} else if v>>uint(shift)&1 == 1 {
			bit = 1
		}
		out[i] = '0' + bit
	}
	return string(out)
}

// BitToInt is bit → int4/int8: the bits read as an unsigned number, an
// error when it has more bits than the integer.
func BitToInt(s string, bits int) (int64, error) {
	if len(s) > bits {
		name := "integer"
		if bits == 64 {
			name = "bigint"
		}
		return 0, pgerror.New(pgerror.NumericValueOutOfRange, "%s out of range", name)
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		n = n<<1 | uint64(s[i]-'0')
	}
	return int64(n), nil
}
