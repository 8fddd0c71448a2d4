package auth

import (
	"net/http"
	"sync"
	"time"
)

// limitKind names one of [auth.rate_limit]'s buckets.
type limitKind int

const (
	limitSignIn  limitKind = iota // sign_in_sign_ups, per 5 minutes
	limitEmail                    // email_sent, per hour
	limitVerify                   // token_verifications, per 5 minutes
	limitRefresh                  // token_refresh, per 5 minutes
	limitAnon                     // anonymous_users, per hour
	limitSMS                      // sms_sent, per hour, for the whole server
)

// rateLimiter counts requests per bucket and client IP in fixed windows.
// It is off unless [auth.rate_limit] enabled = true.
type rateLimiter struct {
	cfg    RateLimitConfig
	mu     sync.Mutex
	counts map[limitKey]*window
}

type limitKey struct {
	kind limitKind
	ip   string
}

type window struct {
	start time.Time
	n     int
}

func newRateLimiter(cfg RateLimitConfig) *rateLimiter {
	return &rateLimiter{cfg: cfg, counts: map[limitKey]*window{}}
}

func (l *rateLimiter) rule(k limitKind) (int, time.Duration) {
	switch k {
	case limitSignIn:
		return l.cfg.SignInSignUps, 5 * time.Minute
	case limitEmail:
		return l.cfg.EmailSent, time.Hour
	case limitVerify:
		return l.cfg.TokenVerifications, 5 * time.Minute
	case limitRefresh:
		return l.cfg.TokenRefresh, 5 * time.Minute
	case limitAnon:
		return l.cfg.AnonymousUsers, time.Hour
	case limitSMS:
		return l.cfg.SMSSent, time.Hour
	}
	return 0, 0
}

// allow counts one request and reports whether it is within the limit.
func (l *rateLimiter) allow(k limitKind, ip string, now time.Time) bool {
	if !l.cfg.Enabled {
		return true
	}
	max, per := l.rule(k)
	if max <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	key := limitKey{k, ip}
	w := l.counts[key]
	if w == nil || now.Sub(w.start) >= per {
		w = &window{start: now}
		l.counts[key] = w
	}
	if w.n >= max {
		return false
	}
	w.n++
	return true
}

// limit wraps an endpoint with a rate limit bucket.
func (s *Server) limit(k limitKind, h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := s.checkLimit(k, r); err != nil {
			return err
		}
		return h(w, r)
	}
}

func (s *Server) checkLimit(k limitKind, r *http.Request) error {
	if s.limiter.allow(k, clientIP(r), s.now()) {
		return nil
	}
	if k == limitEmail {
		return newError(http.StatusTooManyRequests, codeOverEmailSendRateLimit, "email rate limit exceeded")
	}
	return newError(http.StatusTooManyRequests, codeOverRequestRateLimit, "Request rate limit reached")
}
