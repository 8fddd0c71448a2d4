package types

import (
	"net/netip"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// ParseInet reads inet's text input (an IPv4 or IPv6 address with an
// optional /prefix) and returns PostgreSQL's output form: the address,
// followed by /bits unless it is the full host width.
func ParseInet(s string) (string, error) {
	in := strings.TrimSpace(s)
	addrText, bitsText, hasBits := strings.Cut(in, "/")
	if parts := strings.Split(addrText, "."); hasBits && len(parts) < 4 && !strings.Contains(addrText, ":") {
		// an abbreviated IPv4 network ("192.168.1/24") pads with zero
		// octets; its mask may not reach past the first missing octet
		n, err := strconv.Atoi(bitsText)
		if err != nil || n >= 8*(len(parts)+1) {
			return "", pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type inet: %q", s)
		}
		for len(parts) < 4 {
			parts = append(parts, "0")
		}
		addrText = strings.Join(parts, ".")
	}
	addr, err := netip.ParseAddr(addrText)
	if err != nil || addr.Zone() != "" {
		return "", pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type inet: %q", s)
	}
	width := addr.BitLen()
	bits := width
	if hasBits {
		n, err := strconv.Atoi(bitsText)
		if err != nil || n < 0 || n > width {
			return "", pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type inet: %q", s)
		}
		bits = n
	}
	out := FormatIP(addr)
	if bits != width {
		out += "/" + strconv.Itoa(bits)
	}
	return out, nil
}

// FormatIP is inet_net_ntop's address text: Go's form, except that an
// IPv6 address whose first 96 bits are zero (and whose last 32 are not
// ::1-style) ends in dotted IPv4, as in ::1.2.3.4.
func FormatIP(a netip.Addr) string {
	if a.Is6() && !a.Is4In6() {
		b := a.As16()
		zero := true
		for _, x := range b[:12] {
			zero = zero && x == 0
		}
		if zero && (b[12] != 0 || b[13] != 0) {
			return "::" + netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}).String()
		}
	}
	return a.String()
}

// InetShow is text(inet): the address with its mask length always shown.
func InetShow(s string) string {
	if strings.Contains(s, "/") {
		return s
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return s
	}
	return s + "/" + strconv.Itoa(a.BitLen())
}
