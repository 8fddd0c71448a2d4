package schemadiff

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAddedLabels(t *testing.T) {
	tests := []struct {
		name     string
		from, to []string
		want     []string
		ok       bool
	}{
		{"same", []string{"a", "b"}, []string{"a", "b"}, nil, true},
		{"appended", []string{"a"}, []string{"a", "b", "c"}, []string{"'b'", "'c'"}, true},
		{"inserted", []string{"a", "c"}, []string{"x", "a", "b", "c"}, []string{"'x' BEFORE 'a'", "'b' BEFORE 'c'"}, true},
		{"removed", []string{"a", "b"}, []string{"a"}, nil, false},
		{"moved", []string{"a", "b"}, []string{"b", "a"}, nil, false},
		{"quoted", []string{"a"}, []string{"it's", "a"}, []string{"'it''s' BEFORE 'a'"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := addedLabels(tc.from, tc.to)
			if ok != tc.ok || !cmp.Equal(got, tc.want) {
				t.Errorf("addedLabels(%q, %q) = %q, %v; want %q, %v", tc.from, tc.to, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestMentions(t *testing.T) {
	tests := []struct {
		text, name string
		want       bool
	}{
		{"SELECT v.id FROM public.v", "public.v", true},
		{"SELECT v2.id FROM public.v2", "public.v", false},
		{"FROM xpublic.v", "public.v", false},
		{"FROM public.v2 JOIN public.v ON true", "public.v", true},
		{`FROM public."My View"`, `public."My View"`, true},
		{"", "public.v", false},
	}
	for _, tc := range tests {
		if got := mentions(tc.text, tc.name); got != tc.want {
			t.Errorf("mentions(%q, %q) = %v", tc.text, tc.name, got)
		}
	}
}

func TestACL(t *testing.T) {
	from := parseACL(`{postgres=arwdDxt/postgres,anon=arwdDxt/postgres,"My Role"=r*/postgres,=r/postgres}`)
	if want := (ACL{"postgres": "rawdDxt", "anon": "rawdDxt", "My Role": "r", "": "r"}); !cmp.Equal(from, want) {
		t.Fatalf("parseACL = %v, want %v", from, want)
	}
	to := ACL{"postgres": "rawdDxt", "anon": "r", "authenticated": "ra"}
	got := grantStatements("TABLE", "public.t", from.without("postgres"), to.without("postgres"))
	want := []string{
		"REVOKE SELECT ON TABLE public.t FROM PUBLIC",
		`REVOKE SELECT ON TABLE public.t FROM "My Role"`,
		"REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON TABLE public.t FROM anon",
		"GRANT SELECT, INSERT ON TABLE public.t TO authenticated",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("grantStatements (-want +got):\n%s", d)
	}
}

func TestTopo(t *testing.T) {
	deps := map[string][]string{"c": {"b"}, "b": {"a"}, "d": {"c", "a"}}
	got := topo([]string{"d", "c", "b", "a", "e"}, func(n string) []string { return deps[n] })
	if want := []string{"a", "b", "c", "d", "e"}; !cmp.Equal(got, want) {
		t.Errorf("topo = %v, want %v", got, want)
	}
}
