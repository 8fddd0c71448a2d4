package types

import (
	"encoding/hex"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// TestMultirangeBinary checks multirange_send against the bytes
// PostgreSQL 15's multirange_send gives for the same values, and that
// receiving them gives back the text form.
func TestMultirangeBinary(t *testing.T) {
	for _, tc := range []struct {
		typ  *Type
		text string
		hex  string // SELECT multirange_send(text::typ) on PostgreSQL 15
	}{
		{Int4Multirange, "{}", "00000000"},
		{Int4Multirange, "{[1,3),[5,7)}", "00000002000000110200000004000000010000000400000003000000110200000004000000050000000400000007"},
		{Int8Multirange, "{(,6),[7,)}", "000000020000000d080000000800000000000000060000000d12000000080000000000000007"},
		{NumMultirange, "{[1.5,2]}", "000000010000001f060000000c0002000000000001000113880000000a00010000000000000002"},
		{DateMultirange, "{[2024-01-01,infinity)}", "000000010000001102000000040000223e000000047fffffff"},
	} {
		t.Run(tc.typ.Name+" "+tc.text, func(t *testing.T) {
			v, err := Input(tc.typ, tc.text, &Env{})
			if err != nil {
				t.Fatal(err)
			}
			var c BinaryCodec
			got, err := c.AppendSend(nil, tc.typ.OID, v, Output(tc.typ, v, &Env{}))
			if err != nil {
				t.Fatal(err)
			}
			if hex.EncodeToString(got) != tc.hex {
				t.Errorf("send %x, PostgreSQL sends %s", got, tc.hex)
			}
			raw, _ := hex.DecodeString(tc.hex)
			back, err := c.ReceiveText(tc.typ.OID, raw)
			if err != nil {
				t.Fatal(err)
			}
			if back != tc.text {
				t.Errorf("receive gives %q, want %q", back, tc.text)
			}
		})
	}
	var c BinaryCodec
	for _, bad := range []string{"", "000000", "00000001", "0000000100000005", "0000000001"} {
		raw, _ := hex.DecodeString(bad)
		if _, err := c.ReceiveText(Int4Multirange.OID, raw); err == nil {
			t.Errorf("receive %q: no error", bad)
		}
	}
}

// TestMultirangeCanonical covers make_multirange's merge rules directly.
func TestMultirangeCanonical(t *testing.T) {
	for _, tc := range []struct {
		typ      *Type
		in, want string
	}{
		{Int4Multirange, "{[5,7),[1,3),[3,4)}", "{[1,4),[5,7)}"},
		{NumMultirange, "{(1,2),(2,3)}", "{(1,2),(2,3)}"},
		{NumMultirange, "{(1,2],(2,3)}", "{(1,3)}"},
		{NumMultirange, "{[1,5],[2,3]}", "{[1,5]}"},
		{NumMultirange, "{(,1),[0,)}", "{(,)}"},
		{Int4Multirange, "{empty,[1,1),(1,2)}", "{}"},
	} {
		v, err := Input(tc.typ, tc.in, &Env{})
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if got := Output(tc.typ, v, &Env{}); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.in, got, tc.want)
		}
	}
}

// FuzzMultirangeIO: any text input parses or fails with a PostgreSQL
// error, what parses prints text that reads back to the same value, and
// its binary send form receives back to that text.
func FuzzMultirangeIO(f *testing.F) {
	for _, s := range []string{"{}", "{[1,3),[2,7)}", `{ ["1" , 5 ), empty, (7,]}`, "{(,)}", "{[1,2) x}", `{["\"",)}`, "{[1,", "{empty"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, numeric bool) {
		typ := Int4Multirange
		if numeric {
			typ = NumMultirange
		}
		v, err := Input(typ, s, &Env{})
		if err != nil {
			if _, ok := pgerror.As(err); !ok {
				t.Fatalf("%q: non-PostgreSQL error %v", s, err)
			}
			return
		}
		out := Output(typ, v, &Env{})
		back, err := Input(typ, out, &Env{})
		if err != nil || Compare(typ, v, back) != 0 {
			t.Fatalf("%q: printed %q reads back as %v, %v", s, out, back, err)
		}
		var c BinaryCodec
		bin, err := c.AppendSend(nil, typ.OID, v, out)
		if err != nil {
			t.Fatalf("%q: send: %v", s, err)
		}
		if text, err := c.ReceiveText(typ.OID, bin); err != nil || text != out {
			t.Fatalf("%q: binary receives as %q, %v; want %q", s, text, err, out)
		}
	})
}
