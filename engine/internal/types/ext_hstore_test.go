package types

import (
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

func TestParseHstore(t *testing.T) {
	for _, c := range []struct{ in, out, code, msg string }{
		{in: `a=>1, b=>NULL, c=>"NULL", "d e"=>"x\"y"`, out: `"a"=>"1", "b"=>NULL, "c"=>"NULL", "d e"=>"x\"y"`},
		{in: `b=>1, a=>2, a=>3, aa=>x`, out: `"a"=>"2", "b"=>"1", "aa"=>"x"`},
		{in: ``, out: ``},
		{in: `  `, out: ``},
		{in: `a=>b,`, out: `"a"=>"b"`},
		{in: `a=>b,,c=>d`, out: `"a"=>"b", ",c"=>"d"`},
		{in: `a\=b=>c\,d`, out: `"a=b"=>"c,d"`},
		{in: `k=>v=w`, out: `"k"=>"v=w"`},
		{in: `a=>`, code: "XX000", msg: "Unexpected end of string"},
		{in: `a`, code: "XX000", msg: "Unexpected end of string"},
		{in: `a=>"x`, code: "XX000", msg: "Unexpected end of string"},
		{in: `a=1`, code: "XX000", msg: `Syntax error near "1" at position 2`},
		{in: `=>1`, code: "XX000", msg: `Syntax error near "=" at position 0`},
		{in: `a=>b c=>d`, code: "XX000", msg: `Syntax error near "c" at position 5`},
		{in: `a=>b\`, code: "XX000", msg: "Unexpected end of string"},
	} {
		h, err := ParseHstore(c.in)
		if c.code != "" {
			pe, ok := pgerror.As(err)
			if !ok || pe.Code != c.code || pe.Message != c.msg {
				t.Errorf("%q: got %v, want %s %s", c.in, err, c.code, c.msg)
			}
			continue
		}
		if err != nil || h.String() != c.out {
			t.Errorf("%q: got %v %v, want %s", c.in, h, err, c.out)
		}
	}
}

// The binary form reads back, and malformed bytes are errors.
func TestHstoreBinary(t *testing.T) {
	h, _ := ParseHstore(`a=>1, b=>NULL`)
	b, err := hstoreBase{}.AppendSend(nil, h)
	if err != nil {
		t.Fatal(err)
	}
	back, err := hstoreBase{}.Receive(b)
	if err != nil || back.(*Hstore).String() != h.String() {
		t.Errorf("round trip: %v %v", back, err)
	}
	for _, bad := range [][]byte{{0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 1, 0, 0, 0, 9, 'a'}, {0x7f, 0xff, 0xff, 0xff}, {0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff}} {
		if _, err := (hstoreBase{}).Receive(bad); err == nil {
			t.Errorf("Receive(%v) succeeded", bad)
		}
	}
}

// FuzzParseHstore: any input parses or fails with a PostgreSQL error,
// and what parses prints text that parses back to the same value.
func FuzzParseHstore(f *testing.F) {
	for _, s := range []string{`a=>1`, `"a b"=>NULL, c=>"\"x"`, `a=>`, `,,=>`, `\`, `"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHstore(s)
		if err != nil {
			if _, ok := pgerror.As(err); !ok {
				t.Fatalf("%q: non-PostgreSQL error %v", s, err)
			}
			return
		}
		back, err := ParseHstore(h.String())
		if err != nil || (hstoreBase{}).Compare(h, back) != 0 {
			t.Fatalf("%q: printed %q reads back as %v, %v", s, h.String(), back, err)
		}
	})
}
