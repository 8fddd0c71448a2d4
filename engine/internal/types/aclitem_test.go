package types

import "testing"

// FuzzParseACLItem: aclitem input never panics, and what it accepts
// prints as text that reads back as itself.
func FuzzParseACLItem(f *testing.F) {
	for _, s := range []string{"postgres=arwdDxt/postgres", "=r*/postgres", `"a""b"=U/"x y"`, "group g=C/postgres",
		"postgres=rR/postgres", "x=r", "é=r/é", `"unterminated=r/p`, "=/", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := ParseACLItem(s, nil)
		if err != nil {
			return
		}
		again, err := ParseACLItem(out, nil)
		if err != nil || again != out {
			t.Fatalf("%q printed %q, which reads back as %q (%v)", s, out, again, err)
		}
	})
}

func TestACLItemText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{" Foo =r*w/ \"postgres\" ", "Foo=r*w/postgres"},
		{`"a b"=X/"q""r"`, `"a b"=X/"q""r"`},
		{"user u=UC*/g", "u=UC*/g"},
		{"p=*rR/g", "p=r/g"},
	} {
		got, err := ParseACLItem(c.in, nil)
		if err != nil || got != c.want {
			t.Errorf("ParseACLItem(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}
