package postgrest

import (
	"sync"
	"time"
)

// jwtCache remembers the outcome of verifying a token, as PostgREST's JWT
// cache (jwt-cache-max-lifetime) does: supabase-js sends the same key or
// access token on every request, and parsing, verifying and re-encoding
// its claims is per-request work whose answer does not change until the
// token expires. Only tokens that verified are kept; an entry is used
// while the token is unexpired (with the same leeway verification
// allows), so an expired token is re-verified and fails exactly as an
// uncached one would. The cache belongs to one Server, whose secret and
// keys do not change.
type jwtCache struct {
	mu      sync.Mutex
	entries map[string]jwtCached
}

type jwtCached struct {
	info authInfo
	// exp is the token's expiry plus leeway; zero when it has no exp.
	exp time.Time
}

// jwtCacheSize bounds the cache; when full it starts over.
const jwtCacheSize = 1024

func (c *jwtCache) get(token string, now time.Time) (*authInfo, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[token]
	if !ok {
		return nil, false
	}
	if !e.exp.IsZero() && !now.Before(e.exp) { // as jwt verifies exp: valid while now < exp + leeway
		delete(c.entries, token)
		return nil, false
	}
	info := e.info
	return &info, true
}

func (c *jwtCache) put(token string, info *authInfo, exp time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= jwtCacheSize {
		c.entries = make(map[string]jwtCached)
	}
	c.entries[token] = jwtCached{info: *info, exp: exp}
}

// clear drops every entry.
func (c *jwtCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = nil
}
