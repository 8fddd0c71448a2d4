package expr

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// addMoneyFuncs adds cash_words(money) (docs 8.2): the amount in English
// words, dollars and cents, as PostgreSQL's cash.c spells it.
func addMoneyFuncs(r *Registry) {
	r.Add("cash_words", FuncImpl{Args: []*types.Type{types.MoneyType}, Result: Fixed(types.Text), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return cashWords(int64(a[0].(types.Money))), nil
	}})
}

func cashWords(v int64) string {
	var b strings.Builder
	if v < 0 {
		b.WriteString("minus ")
		v = -v
	}
	val := uint64(v) // minus the minimum stays its magnitude
	lead := b.Len()
	for _, g := range []struct {
		div  uint64
		name string
	}{{1e17, " quadrillion "}, {1e14, " trillion "}, {1e11, " billion "}, {1e8, " million "}, {1e5, " thousand "}} {
		if m := val / g.div % 1000; m != 0 {
			b.WriteString(numWord(m))
			b.WriteString(g.name)
		}
	}
	if m := val / 100 % 1000; m != 0 {
		b.WriteString(numWord(m))
	}
	if b.Len() == lead {
		b.WriteString("zero")
	}
	if val/100 == 1 {
		b.WriteString(" dollar and ")
	} else {
		b.WriteString(" dollars and ")
	}
	cents := val % 100
	b.WriteString(numWord(cents))
	if cents == 1 {
		b.WriteString(" cent")
	} else {
		b.WriteString(" cents")
	}
	s := b.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

var cashSmall = [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven",
	"eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen",
	"fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
	"thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}

// numWord spells 0..999; tens come from cashSmall[18+tens].
func numWord(v uint64) string {
	big := cashSmall[18:]
	tu := v % 100
	switch {
	case v <= 20:
		return cashSmall[v]
	case tu == 0:
		return cashSmall[v/100] + " hundred"
	case v > 99:
		h := cashSmall[v/100] + " hundred "
		switch {
		case v%10 == 0 && tu > 10:
			return h + big[tu/10]
		case tu < 20:
			return cashSmall[v/100] + " hundred and " + cashSmall[tu]
		}
		return h + big[tu/10] + " " + cashSmall[tu%10]
	case v%10 == 0 && tu > 10:
		return big[tu/10]
	case tu < 20:
		return cashSmall[tu]
	}
	return big[tu/10] + " " + cashSmall[tu%10]
}
