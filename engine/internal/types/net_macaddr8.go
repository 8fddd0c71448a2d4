package types

import (
	"encoding/hex"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Macaddr8 is macaddr8 (docs 8.9.5), an EUI-64 address kept as its
// canonical text: eight lower-case hex bytes joined by colons.
var Macaddr8 = &Type{Kind: KindMacaddr8, OID: 774, Name: "macaddr8", SQLName: "macaddr8", Category: 'U', Mod: -1, ArrayOID: 775, Len: 8}

// ParseMacaddr8 is macaddr8_in: six or eight bytes, each two hex digits,
// optionally separated by one of ':', '-' or '.' used throughout; a
// six-byte address gets FF:FE inserted in its middle, as EUI-48 to
// EUI-64 conversion does.
func ParseMacaddr8(s string) (string, error) {
	bad := func() error { return badInput(Macaddr8, s) }
	str := strings.TrimLeft(s, " \t\n\r\v\f")
	var b []byte
	var spacer byte
	i := 0
	for i+1 < len(str) {
		if len(b) == 8 {
			return "", bad()
		}
		x, err := hex.DecodeString(str[i : i+2])
		if err != nil {
			return "", bad()
		}
		b = append(b, x[0])
		i += 2
		if i < len(str) && (str[i] == ':' || str[i] == '-' || str[i] == '.') {
			if spacer == 0 {
				spacer = str[i]
			} else if spacer != str[i] {
				return "", bad()
			}
			i++
		}
		// trailing white space may follow the sixth or eighth byte
		if (len(b) == 6 || len(b) == 8) && i < len(str) && isSpaceByte(str[i]) {
			if strings.TrimLeft(str[i:], " \t\n\r\v\f") != "" {
				return "", bad()
			}
			i = len(str)
		}
	}
	switch len(b) {
	case 6:
		b = []byte{b[0], b[1], b[2], 0xff, 0xfe, b[3], b[4], b[5]}
	case 8:
	default:
		return "", bad()
	}
	return FormatMacaddr(b), nil
}

// FormatMacaddr prints a macaddr's or macaddr8's bytes.
func FormatMacaddr(b []byte) string {
	var sb strings.Builder
	for i, x := range b {
		if i > 0 {
			sb.WriteByte(':')
		}
		sb.WriteString(hex.EncodeToString([]byte{x}))
	}
	return sb.String()
}

// MacaddrBytes is the bytes of a macaddr or macaddr8 value.
func MacaddrBytes(v string) []byte {
	b, _ := hex.DecodeString(strings.ReplaceAll(v, ":", ""))
	return b
}

// macaddr8ToMacaddr is macaddr8tomacaddr: only an address converted from
// EUI-48 (FF:FE in its fourth and fifth bytes) converts back.
func macaddr8ToMacaddr(v string) (string, error) {
	b := MacaddrBytes(v)
	if len(b) != 8 || b[3] != 0xff || b[4] != 0xfe {
		return "", pgerror.New(pgerror.NumericValueOutOfRange, "macaddr8 data out of range to convert to macaddr").
			WithHint("Only addresses that have FF and FE as values in the 4th and 5th bytes from the left, for example xx:xx:xx:ff:fe:xx:xx:xx, are eligible to be converted from macaddr8 to macaddr.")
	}
	return FormatMacaddr([]byte{b[0], b[1], b[2], b[5], b[6], b[7]}), nil
}
