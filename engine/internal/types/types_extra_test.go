package types

import (
	"encoding/hex"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// TestExtraTypesIO round-trips the text forms of range.go, tsearch.go,
// timetz.go, bit.go, money.go, net_types.go, geo_point.go and xml.go
// (expectations from PostgreSQL 15), and checks their error codes.
func TestExtraTypesIO(t *testing.T) {
	env := &Env{Loc: time.UTC, Now: time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)}
	tests := []struct {
		name string
		typ  *Type
		in   string
		want string // text output, or the SQLSTATE when code is set
		code string
	}{
		{"int4range closed", Int4Range, "[1,5]", "[1,6)", ""},
		{"int4range open", Int4Range, "(1,5)", "[2,5)", ""},
		{"int4range empty by canonical form", Int4Range, "(1,2)", "empty", ""},
		{"int4range infinite", Int4Range, "[,]", "(,)", ""},
		{"int4range quoted", Int4Range, `[ "1" , "5" )`, "[1,5)", ""},
		{"int4range overflow", Int4Range, "[1,2147483647]", "", "22003"},
		{"int4range order", Int4Range, "[5,1)", "", "22000"},
		{"int4range junk", Int4Range, "[1,5)x", "", "22P02"},
		{"numrange point", NumRange, "[1,1]", "[1,1]", ""},
		{"numrange empty", NumRange, "(1,1]", "empty", ""},
		{"tsrange quotes bounds", TsRange, "[2024-01-01 10:00,2024-01-02)", `["2024-01-01 10:00:00","2024-01-02 00:00:00")`, ""},
		{"daterange", DateRange, "[2024-01-01,2024-01-31]", "[2024-01-01,2024-02-01)", ""},
		{"tsvector sorts and merges", TSVector, "b:2 a:3,1 b:1A", "'a':1,3 'b':1A,2", ""},
		{"tsvector quotes", TSVector, `'it''s'`, `'it''s'`, ""},
		{"tsvector bad", TSVector, "a:x", "", "42601"},
		{"tsquery precedence", TSQuery, "a | b & !c", "'a' | 'b' & !'c'", ""},
		{"tsquery parens", TSQuery, "(a|b)&c:*A", "( 'a' | 'b' ) & 'c':*A", ""},
		{"tsquery phrase", TSQuery, "a <2> b <-> c", "'a' <2> 'b' <-> 'c'", ""},
		{"tsquery no operand", TSQuery, "a &", "", "42601"},
		{"timetz offset", TimeTZType, "12:34:56.789 -05:30", "12:34:56.789-05:30", ""},
		{"timetz session zone", TimeTZType, "12:34", "12:34:00+00", ""},
		{"timetz bad", TimeTZType, "x", "", "22007"},
		{"bit hex", Bit, "x1F", "00011111", ""},
		{"bit bad digit", Bit, "102", "", "22P02"},
		{"money", MoneyType, "(1,234.5)", "-$1,234.50", ""},
		{"money rounds", MoneyType, "0.005", "$0.01", ""},
		{"money bad", MoneyType, "1e2", "", "22P02"},
		{"cidr abbreviated", Cidr, "192.168/24", "192.168.0.0/24", ""},
		{"cidr classful", Cidr, "10", "10.0.0.0/8", ""},
		{"cidr host bits", Cidr, "192.168.1.5/24", "", "22P02"},
		{"macaddr dotted", Macaddr, "0800.2B01.0203", "08:00:2b:01:02:03", ""},
		{"macaddr bad", Macaddr, "zz", "", "22P02"},
		{"point", PointType, " ( 1.5 , 2 ) ", "(1.5,2)", ""},
		{"point bad", PointType, "(1,2", "", "22P02"},
		{"xml declaration", XMLType, `<?xml version="1.0"?><doc/>`, "<doc/>", ""},
		{"xml content", XMLType, "text <a/><b/>", "text <a/><b/>", ""},
		{"xml malformed", XMLType, "<a><b></a>", "", "2200N"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := Input(tc.typ, tc.in, env)
			if tc.code != "" {
				if err == nil {
					t.Fatalf("Input(%q) = %v, want error %s", tc.in, v, tc.code)
				}
				if got := errCode(err); got != tc.code {
					t.Fatalf("Input(%q): error %v (code %s), want %s", tc.in, err, got, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("Input(%q): %v", tc.in, err)
			}
			if diff := cmp.Diff(tc.want, Output(tc.typ, v, env)); diff != "" {
				t.Errorf("Output(Input(%q)) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestExtraTypesBinary checks the send forms against PostgreSQL's
// range_send, timetz_send and cash_send.
func TestExtraTypesBinary(t *testing.T) {
	env := &Env{Loc: time.UTC}
	tests := []struct {
		typ  *Type
		in   string
		want string
	}{
		{Int4Range, "[1,5)", "0200000004000000010000000400000005"},
		{Int4Range, "empty", "01"},
		{Int8Range, "(,5)", "08000000080000000000000005"},
		{DateRange, "[2024-01-01,2024-01-05)", "02000000040000223e0000000400002242"},
		{TstzRange, `["2024-01-01 08:00:00+00",)`, "12000000080002b0dc89866000"},
		{NumRange, "[1.5,2]", "060000000c0002000000000001000113880000000a00010000000000000002"},
		{TimeTZType, "12:00:00+02", "0000000a0eebb000ffffe3e0"},
		{MoneyType, "1.00", "0000000000000064"},
	}
	var c BinaryCodec
	for _, tc := range tests {
		v, err := Input(tc.typ, tc.in, env)
		if err != nil {
			t.Fatalf("Input(%s %q): %v", tc.typ.Name, tc.in, err)
		}
		b, err := c.AppendSend(nil, tc.typ.OID, v, Output(tc.typ, v, env))
		if err != nil {
			t.Fatalf("AppendSend(%s %q): %v", tc.typ.Name, tc.in, err)
		}
		if got := hex.EncodeToString(b); got != tc.want {
			t.Errorf("%s %q: send form %s, want %s", tc.typ.Name, tc.in, got, tc.want)
		}
		// and back: the receive function yields the same text form
		raw, _ := hex.DecodeString(tc.want)
		text, err := c.ReceiveText(tc.typ.OID, raw)
		if err != nil {
			t.Fatalf("ReceiveText(%s %s): %v", tc.typ.Name, tc.want, err)
		}
		if want := Output(tc.typ, v, env); text != want {
			t.Errorf("ReceiveText(%s %s) = %q, want %q", tc.typ.Name, tc.want, text, want)
		}
	}
}

func errCode(err error) string {
	if e, ok := pgerror.As(err); ok {
		return e.Code
	}
	return "?"
}
