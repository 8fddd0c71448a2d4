package studio

import (
	"net"
	"net/http"
	"net/url"
	"strings"
)

// refuse says why r may not be served ("" when it may): its Host, and its
// Origin when sent, must name loopback or a configured host, so a page
// elsewhere that rebinds its DNS name to 127.0.0.1 cannot reach the
// dashboard.
func (s *Server) refuse(r *http.Request) string {
	if !s.localHost(r.Host) {
		return "studio: requests must be addressed to a local host, not " + quoteHost(r.Host)
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || !s.localHost(u.Host) {
			return "studio: cross-origin requests from " + quoteHost(o) + " are refused"
		}
	}
	return ""
}

func quoteHost(h string) string {
	if len(h) > 100 {
		h = h[:100]
	}
	return `"` + h + `"`
}

// localHost reports whether hostport names loopback or a configured host.
func (s *Server) localHost(hostport string) bool {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	h = strings.ToLower(strings.Trim(h, "[]"))
	if h == "" {
		return false
	}
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	if ip := net.ParseIP(h); ip != nil && ip.IsLoopback() {
		return true
	}
	for _, c := range s.cfg.Hosts {
		c = strings.ToLower(strings.Trim(c, "[]"))
		// An unspecified listen address (0.0.0.0) names no host:
		// only loopback names stay accepted.
		if ip := net.ParseIP(c); ip != nil && ip.IsUnspecified() {
			continue
		}
		if c != "" && c == h {
			return true
		}
	}
	return false
}
