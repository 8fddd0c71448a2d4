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
	out := addr.String()
	if bits != width {
		out += "/" + strconv.Itoa(bits)
	}
	return out, nil
}
