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
