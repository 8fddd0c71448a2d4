package security

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func TestViolation(t *testing.T) {
	for _, tc := range []struct {
		name, constraint string
		ok               bool
		msg              string
	}{
		{"row security check", "rls$todos$0", true, `new row violates row-level security policy for table "todos"`},
		{"no index", "rls$todos", true, `new row violates row-level security policy for table "todos"`},
		{"ordinary check", "todos_chk", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err, ok := Violation(tc.constraint)
			if ok != tc.ok {
				t.Fatalf("Violation(%q) ok = %v, want %v", tc.constraint, ok, tc.ok)
			}
			if !ok {
				return
			}
			if err.Code != pgerror.InsufficientPrivilege || err.Message != tc.msg {
				t.Errorf("Violation(%q) = %s %q, want 42501 %q", tc.constraint, err.Code, err.Message, tc.msg)
			}
		})
	}
}

func TestCombineQuals(t *testing.T) {
	using := func(p *catalog.Policy) string { return p.Using }
	a := &catalog.Policy{Using: "a", Permissive: true}
	b := &catalog.Policy{Using: "b", Permissive: true}
	r := &catalog.Policy{Using: "r"}
	for _, tc := range []struct {
		name        string
		perm, restr []*catalog.Policy
		want        string
	}{
		{"no permissive policy", nil, []*catalog.Policy{r}, "false"},
		{"one permissive", []*catalog.Policy{a}, nil, "((a))"},
		{"permissive ORed, restrictive ANDed", []*catalog.Policy{a, b}, []*catalog.Policy{r}, "((a) OR (b)) AND (r)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := combine(tc.perm, tc.restr, using); got != tc.want {
				t.Errorf("combine = %q, want %q", got, tc.want)
			}
		})
	}
	if got := andQuals("false", "x"); got != "false" {
		t.Errorf("andQuals(false, x) = %q, want false", got)
	}
	if got := andQuals("x", "y"); got != "(x) AND (y)" {
		t.Errorf("andQuals(x, y) = %q", got)
	}
}

func TestClaimSettings(t *testing.T) {
	got, err := ClaimSettings(`{"sub":"u1","role":"authenticated","n":2}`)
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{
		{"request.jwt.claims", `{"sub":"u1","role":"authenticated","n":2}`},
		{"request.jwt.claim.n", "2"},
		{"request.jwt.claim.role", "authenticated"},
		{"request.jwt.claim.sub", "u1"},
	}
	if len(got) != len(want) {
		t.Fatalf("ClaimSettings = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("ClaimSettings[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	if _, err := ClaimSettings("{"); err == nil {
		t.Error("ClaimSettings({) succeeded, want 22P02")
	}
}

func TestPasswordVerifier(t *testing.T) {
	for _, tc := range []struct{ name, password string }{
		{"scram verifier kept", "SCRAM-SHA-256$4096:c2FsdA==$a:b"},
		{"md5 hash kept", "md5" + strings.Repeat("0", 32)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := passwordVerifier("r", tc.password)
			if err != nil || got != tc.password {
				t.Errorf("passwordVerifier(%q) = %q, %v; want it unchanged", tc.password, got, err)
			}
		})
	}
	got, err := passwordVerifier("r", "secret")
	if err != nil || !strings.HasPrefix(got, "SCRAM-SHA-256$4096:") {
		t.Errorf("passwordVerifier(secret) = %q, %v; want a SCRAM-SHA-256 verifier", got, err)
	}
	if a, b := ScramVerifier("pw", []byte("salt"), 4096), ScramVerifier("pw", []byte("salt"), 4096); a != b {
		t.Errorf("ScramVerifier is not deterministic: %q != %q", a, b)
	}
}
