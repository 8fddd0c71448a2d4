package types

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
)

// HashKey is a comparable Go value that is equal for two values
// PostgreSQL's = finds equal, for keying a hash table: a jsonb document
// by its JSONBKey text, an array by its bounds and elements (numbers by
// value), an interval by its length ('1 day' = '24 hours'). Other
// values are their own key.
func HashKey(v any) any {
	switch x := v.(type) {
	case JSONDoc:
		return "j" + JSONBKey(x.V)
	case IntervalVal:
		return intervalKey(x)
	case *Array:
		var b strings.Builder
		fmt.Fprintf(&b, "a%v%v", x.Dims, x.Lower)
		for _, e := range x.Values {
			b.WriteByte(0)
			switch k := HashKey(e).(type) {
			case decimal.Decimal:
				b.WriteString(k.Rat().RatString())
			case nil:
				b.WriteString("\x01")
			default:
				fmt.Fprintf(&b, "%T%v", k, k)
			}
		}
		return b.String()
	}
	return v
}

// GMS hashes rows for DISTINCT, set operations, GROUP BY and IN
// (SELECT …) by their %v text, so %v of a jsonb, interval or array value
// is its HashKey: values PostgreSQL's = finds equal ('1.0' and '1'; '1
// day' and '24 hours') land in one group. Other verbs print the value.

// Format implements fmt.Formatter.
func (d JSONDoc) Format(f fmt.State, verb rune) { formatKeyed(f, verb, d, d.String) }

// Format implements fmt.Formatter.
func (iv IntervalVal) Format(f fmt.State, verb rune) {
	formatKeyed(f, verb, iv, func() string {
		return fmt.Sprintf("{%d %d %d}", iv.Months, iv.Days, iv.Micros)
	})
}

// Format implements fmt.Formatter.
func (a *Array) Format(f fmt.State, verb rune) {
	formatKeyed(f, verb, a, func() string { return fmt.Sprintf("%v", a.Values) })
}

func formatKeyed(f fmt.State, verb rune, v any, text func() string) {
	if verb == 'v' {
		fmt.Fprintf(f, "%T:%v", v, HashKey(v))
		return
	}
	_, _ = f.Write([]byte(text()))
}
