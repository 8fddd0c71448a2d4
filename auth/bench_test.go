package auth

import (
	"encoding/json"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// BenchmarkSignInPassword is POST /token?grant_type=password end to end
// (HTTP handler, SQL on auth.*, session, refresh token, JWT), at GoTrue's
// bcrypt cost 10 and at bcrypt's minimum cost 4 (the non-bcrypt work).
func BenchmarkSignInPassword(b *testing.B) {
	for _, cost := range []int{10, bcrypt.MinCost} {
		name := map[int]string{10: "bcrypt-cost-10", bcrypt.MinCost: "bcrypt-cost-4"}[cost]
		b.Run(name, func(b *testing.B) {
			h := newHarness(b, func(c *Config) { c.BcryptCost = cost })
			h.signup("bench@example.com", "secret123", nil)
			body := map[string]any{"email": "bench@example.com", "password": "secret123"}
			b.ResetTimer()
			start := cpuTime()
			for i := 0; i < b.N; i++ {
				if r := h.do("POST", "/token?grant_type=password", body); r.Status != 200 {
					b.Fatalf("%d %s", r.Status, r.Body)
				}
			}
			reportCPU(b, start)
		})
	}
}

// cpuTime is the process's user + system CPU time. Benchmarks report it
// per operation (cpu-ms/op) beside wall time, since wall time on a shared
// machine measures the other tenants too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// BenchmarkBcryptCompare is the bcrypt part of a sign-in at cost 10.
func BenchmarkBcryptCompare(b *testing.B) {
	hash, err := bcrypt.GenerateFromPassword([]byte("secret123"), 10)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		_ = bcrypt.CompareHashAndPassword(hash, []byte("secret123"))
	}
	reportCPU(b, start)
}

// BenchmarkRefresh is POST /token?grant_type=refresh_token with rotation:
// each iteration presents the token the previous one returned.
func BenchmarkRefresh(b *testing.B) {
	h := newHarness(b, nil)
	rt := h.signup("bench@example.com", "secret123", nil)["refresh_token"].(string)
	b.ResetTimer()
	start := cpuTime()
	defer reportCPU(b, start)
	for i := 0; i < b.N; i++ {
		r := h.do("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": rt})
		if r.Status != 200 {
			b.Fatalf("%d %s", r.Status, r.Body)
		}
		var m struct {
			RefreshToken string `json:"refresh_token"`
		}
		if err := json.Unmarshal(r.Body, &m); err != nil {
			b.Fatal(err)
		}
		rt = m.RefreshToken
	}
}

// BenchmarkGetUser is GET /user (JWT verification and the user's rows).
func BenchmarkGetUser(b *testing.B) {
	h := newHarness(b, nil)
	tok := h.signup("bench@example.com", "secret123", nil)["access_token"].(string)
	b.ResetTimer()
	start := cpuTime()
	defer reportCPU(b, start)
	for i := 0; i < b.N; i++ {
		if r := h.do("GET", "/user", nil, bearerH(tok)...); r.Status != 200 {
			b.Fatalf("%d %s", r.Status, r.Body)
		}
	}
}
