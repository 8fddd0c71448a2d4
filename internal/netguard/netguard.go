package netguard

import (
	"fmt"
	"net"
	"net/http"
	"strings"
	"syscall"
	"time"
)

// LoopbackName reports whether host names this machine without a DNS
// lookup: localhost, a *.localhost name, or a loopback IP literal.
func LoopbackName(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// Allowed reports whether a request to host may be made.
func Allowed(host string, allowExternal bool) bool {
	return allowExternal || LoopbackName(host)
}

// Transport returns an HTTP transport whose dialer enforces the policy,
// with connection attempts limited to connectTimeout (30 s when 0) and
// no proxy, which would reach a non-loopback address on the client's
// behalf.
func Transport(allowExternal bool, connectTimeout time.Duration) *http.Transport {
	if connectTimeout <= 0 {
		connectTimeout = 30 * time.Second
	}
	d := &net.Dialer{Timeout: connectTimeout}
	if !allowExternal {
		d.Control = func(_, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
				return fmt.Errorf("non-loopback address %s refused", host)
			}
			return nil
		}
	}
	return &http.Transport{DialContext: d.DialContext, Proxy: nil, MaxIdleConnsPerHost: 4}
}
