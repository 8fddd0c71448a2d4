package types

import (
	"encoding/hex"
	"net/netip"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// cidr and macaddr (docs 8.9), kept as their canonical text.
var (
	Cidr    = &Type{Kind: KindCidr, OID: 650, Name: "cidr", SQLName: "cidr", Category: 'I', Mod: -1, ArrayOID: 651, Len: -1}
	Macaddr = &Type{Kind: KindMacaddr, OID: 829, Name: "macaddr", SQLName: "macaddr", Category: 'U', Mod: -1, ArrayOID: 1040, Len: 6}
)

// ParseCidr is cidr_in: a network address whose host bits are zero. An
// IPv4 address may be abbreviated ("192.168/24"); without a mask the
// classful default of the abbreviated form applies.
func ParseCidr(s string) (string, error) {
	bad := func() error { return badInput(Cidr, s) }
	in := trimSpace(s)
	addrText, bitsText, hasBits := strings.Cut(in, "/")
	var addr netip.Addr
	bits := -1
	if strings.Contains(addrText, ":") {
		a, err := netip.ParseAddr(addrText)
		if err != nil || a.Zone() != "" {
			return "", bad()
		}
		addr = a
	} else {
		parts := strings.Split(addrText, ".")
		if len(parts) > 4 || addrText == "" {
			return "", bad()
		}
		var octets [4]byte
		for i, p := range parts {
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 || n > 255 || p == "" {
				return "", bad()
			}
			octets[i] = byte(n)
		}
		addr = netip.AddrFrom4(octets)
		if !hasBits {
			// classful default for abbreviated input (inet_cidr_pton_ipv4)
			switch {
			case octets[0] >= 240:
				bits = 32
			case octets[0] >= 224:
				bits = 8 * len(parts)
				if bits < 4 {
					bits = 4
				}
			case octets[0] >= 192:
				bits = 24
			case octets[0] >= 128:
				bits = 16
			default:
				bits = 8
			}
			if b := 8 * len(parts); b > bits {
				bits = b
			}
			if len(parts) == 4 {
				bits = 32
			}
		}
	}
	if hasBits {
		n, err := strconv.Atoi(bitsText)
		if err != nil || n < 0 || n > addr.BitLen() {
			return "", bad()
		}
		bits = n
	} else if bits < 0 {
		bits = addr.BitLen()
	}
	p := netip.PrefixFrom(addr, bits)
	if p.Masked().Addr() != addr {
		return "", pgerror.New(pgerror.InvalidTextRepresentation, "invalid cidr value: %q", s).
			WithDetail("Value has bits set to right of mask.")
	}
	return FormatIP(addr) + "/" + strconv.Itoa(bits), nil
}

// ParseMacaddr is macaddr_in: six bytes written as 08:00:2b:01:02:03,
// 08-00-2b-01-02-03, 08002b:010203, 08002b-010203, 0800.2b01.0203,
// 0800-2b01-0203 or 08002b010203; output is lower-case with colons.
func ParseMacaddr(s string) (string, error) {
	str := trimSpace(s)
	var digits string
	switch {
	case len(str) == 17 && (sepEvery(str, 2, ':') || sepEvery(str, 2, '-')):
		digits = strings.NewReplacer(":", "", "-", "").Replace(str)
	case len(str) == 13 && (str[6] == ':' || str[6] == '-'):
		digits = str[:6] + str[7:]
	case len(str) == 14 && (sepEvery(str, 4, '.') || sepEvery(str, 4, '-')):
		digits = strings.NewReplacer(".", "", "-", "").Replace(str)
	case len(str) == 12:
		digits = str
	default:
		return "", badInput(Macaddr, s)
	}
	b, err := hex.DecodeString(digits)
	if err != nil || len(b) != 6 {
		return "", badInput(Macaddr, s)
	}
	parts := make([]string, 6)
	for i, x := range b {
		parts[i] = hex.EncodeToString([]byte{x})
	}
	return strings.Join(parts, ":"), nil
}

// sepEvery reports whether s is groups of n characters joined by sep.
func sepEvery(s string, n int, sep byte) bool {
	for i := n; i < len(s); i += n + 1 {
		if s[i] != sep {
			return false
		}
	}
	return (len(s)+1)%(n+1) == 0
}

// compareCidr is network_cmp for cidr values: IPv4 before IPv6, then the
// network bits both masks cover, then the mask length, then the address.
func compareCidr(a, b any) int {
	pa, err1 := netip.ParsePrefix(a.(string))
	pb, err2 := netip.ParsePrefix(b.(string))
	if err1 != nil || err2 != nil {
		return strings.Compare(a.(string), b.(string))
	}
	if pa.Addr().Is4() != pb.Addr().Is4() {
		if pa.Addr().Is4() {
			return -1
		}
		return 1
	}
	common := min(pa.Bits(), pb.Bits())
	na, _ := pa.Addr().Prefix(common)
	nb, _ := pb.Addr().Prefix(common)
	if c := na.Addr().Compare(nb.Addr()); c != 0 {
		return c
	}
	if pa.Bits() != pb.Bits() {
		return cmpInt(pa.Bits(), pb.Bits())
	}
	return pa.Addr().Compare(pb.Addr())
}
