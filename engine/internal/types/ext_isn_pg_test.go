package types

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// isnInputs are texts isn's input functions accept and refuse: numbers
// of every standard in their long and short forms, with check digits
// right, wrong and "?", hyphens and spaces, "!" and stray characters.
func isnInputs(rnd *rand.Rand, n int) []string {
	digits := func(k int) string {
		var b strings.Builder
		for i := 0; i < k; i++ {
			b.WriteByte(byte('0' + rnd.Intn(10)))
		}
		return b.String()
	}
	out := []string{"", "?", "!", "M", "X", "-", " ", "abc", "9780393040029", "0-393-04002-X", "M-2306-7118-7",
		"1436-4522", "123456789012", "97803930400291", "978039304002?!", "97803930400291abc", "  978-0-393-04002-9  ",
		"9780393040029!!", "97803930400?9", "m23067118?", "1436452x", "1436452?", "12345678901?", "\t9780393040029"}
	for len(out) < n {
		var s string
		switch rnd.Intn(9) {
		case 0: // any EAN-13
			s = digits(12)
			s += string(rune('0' + eanCheck(s)))
		case 1:
			s = []string{"978", "979", "9790", "977", "0"}[rnd.Intn(5)]
			s += digits(12 - len(s))
			s += string(rune('0' + eanCheck(s)))
		case 2: // ISBN-10
			s = digits(9)
			s += string(checkChar(weightedCheck(s)))
		case 3: // ISSN
			s = digits(7)
			s += string(checkChar(weightedCheck(s)))
		case 4: // ISMN-10
			s = "9790" + digits(8)
			s = "M" + s[4:] + string(rune('0'+eanCheck(s)))
		case 5: // UPC
			s = digits(11)
			s += string(rune('0' + eanCheck("0"+s)))
		default: // anything of a plausible length
			s = digits(6 + rnd.Intn(9))
		}
		// mutate
		b := []byte(s)
		for k := rnd.Intn(4); k > 0; k-- {
			i := rnd.Intn(len(b) + 1)
			switch rnd.Intn(10) {
			case 0, 1:
				b = append(b[:i], append([]byte{'-'}, b[i:]...)...)
			case 2:
				b = append(b[:i], append([]byte{' '}, b[i:]...)...)
			case 3:
				if len(b) > 0 {
					b[len(b)-1] = byte('0' + rnd.Intn(10))
				}
			case 4:
				if len(b) > 0 {
					b[len(b)-1] = "?xXmM!"[rnd.Intn(6)]
				}
			case 5:
				b = append(b, '!')
			case 6:
				if len(b) > 0 {
					b = append(b[:i%len(b)], b[i%len(b)+1:]...)
				}
			case 7:
				b = append(b[:i], append([]byte{"0123456789xXmM?!ab."[rnd.Intn(19)]}, b[i:]...)...)
			case 8:
				b = []byte(strings.ToLower(string(b)))
			}
		}
		out = append(out, string(b))
	}
	return out
}

// TestIsnAgainstPostgres compares isn's input and output with
// PostgreSQL 15's isn module on TINYBASE_PG_URL: thousands of inputs in
// all eight types, in strict and weak mode, the casts from ean13 and
// make_valid / is_valid. It is skipped without a server.
func TestIsnAgainstPostgres(t *testing.T) {
	ctx := context.Background()
	conn := oracleConn(t)
	// isn in a schema of its own, dropped afterwards; each probe runs on
	// its own, as errors end a transaction
	if _, err := conn.Exec(ctx, "CREATE SCHEMA isn_probe; CREATE EXTENSION isn SCHEMA isn_probe"); err != nil {
		t.Fatal(err)
	}
	defer func() { _, _ = conn.Exec(ctx, "DROP SCHEMA isn_probe CASCADE") }()
	if _, err := conn.Exec(ctx, "SET search_path = isn_probe"); err != nil {
		t.Fatal(err)
	}
	names := []string{"ean13", "isbn13", "ismn13", "issn13", "isbn", "ismn", "issn", "upc"}
	inputs := isnInputs(rand.New(rand.NewSource(26)), 4000)
	ours := func(q []string, f func(i int) string) {
		for i, q := range q {
			var got string
			if err := conn.QueryRow(ctx, q).Scan(&got); err != nil {
				e, ok := pgerror.As(err)
				if !ok {
					var pe *pgconn.PgError
					if !errors.As(err, &pe) {
						t.Fatal(err)
					}
					e = pgerror.New(pe.Code, "%s", pe.Message)
				}
				got = "ERROR " + e.Code + " " + e.Message
			}
			if want := f(i); got != want {
				t.Errorf("%s: PostgreSQL %q, tinybase %q", q, got, want)
			}
		}
	}
	result := func(v any, err error, out func(any) string) string {
		if err != nil {
			e, _ := pgerror.As(err)
			return "ERROR " + e.Code + " " + e.Message
		}
		return out(v)
	}
	for _, weak := range []bool{false, true} {
		if _, err := conn.Exec(ctx, fmt.Sprintf("SELECT isn_weak(%t)", weak)); err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			b := extBases[name].(isnBase)
			var qs []string
			for _, s := range inputs {
				qs = append(qs, fmt.Sprintf("SELECT %s::%s::text", quoteLiteral(s), name))
			}
			ours(qs, func(i int) string {
				v, err := ParseIsn(inputs[i], b.kind, weak)
				return result(v, err, func(v any) string { return b.Output(v) })
			})
			// make_valid, is_valid, and the cast from ean13
			qs = qs[:0]
			var vals []Isn
			for _, s := range inputs {
				if v, err := ParseIsn(s, isnEAN13, true); err == nil {
					vals = append(vals, v)
					e := quoteLiteral(IsnOutput(v, false))
					qs = append(qs, fmt.Sprintf("SELECT %s(%s::ean13)::text || ' ' || make_valid(%[2]s::ean13)::text || ' ' || is_valid(%[2]s::ean13)", name, e))
				}
			}
			ours(qs, func(i int) string {
				v, err := b.fromEAN13(vals[i])
				return result(v, err, func(x any) string {
					return b.Output(x) + " " + IsnOutput(vals[i].MakeValid(), false) + " " + fmt.Sprint(vals[i].Valid())
				})
			})
		}
	}
}

func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
