package types

import (
	"sort"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/pghash"
	"github.com/tinybase/tinybase/internal/pgerror"
)

//go:generate go run ./internal/genisn -o ext_isn_gen.go

// The isn contrib module's types (PostgreSQL docs F.19): EAN-13 numbers
// and the standards that are subsets of it. ean13, isbn13, ismn13 and
// issn13 print the thirteen digits hyphenated; isbn, ismn, issn and upc
// print the short form of their standard (ISBN-10, ISMN "M-...", the
// eight-digit ISSN, the twelve-digit UPC) when the number has one. Every
// value is the EAN-13 number, kept as isn keeps it: twice the number,
// plus one when its check digit was wrong on input (weak mode, or a
// trailing "!"), so that all eight order alike and compare with each
// other as bigint does. Where the hyphens go comes from isn's range
// tables, recorded from PostgreSQL into ext_isn_gen.go. isn has no
// binary send/receive functions, so neither do these types.

// Isn is a value of one of isn's types.
type Isn int64

// Number is the thirteen-digit EAN-13 number.
func (v Isn) Number() int64 { return int64(v) >> 1 }

// Valid reports whether the check digit was right on input.
func (v Isn) Valid() bool { return v&1 == 0 }

// String is the thirteen-digit text form (as %v prints it, so values of
// different isn types hash alike when they are equal).
func (v Isn) String() string { return IsnOutput(v, false) }

// MakeValid is the value without its invalid-check-digit mark.
func (v Isn) MakeValid() Isn { return v &^ 1 }

// Hash is hashint8 of the value, which isn's hash operator classes use.
func (v Isn) Hash() int32 { return int32(pghash.Int8(int64(v))) }

// isnKind is one of the numbering standards (isn's isn_type).
type isnKind uint8

const (
	isnInvalid isnKind = iota
	isnEAN13
	isnISBN
	isnISMN
	isnISSN
	isnUPC
)

var isnKindNames = [...]string{"INVALID", "EAN13", "ISBN", "ISMN", "ISSN", "UPC"}

func (k isnKind) String() string { return isnKindNames[k] }

// isnRange is one row of the generated hyphenation table.
type isnRange struct {
	lo   int64  // the first twelve-digit number of the range
	mask uint16 // bit i: a hyphen after digit i
}

// isnBase is one of the eight types: the standard its input accepts and
// whether it prints the standard's short form.
type isnBase struct {
	name  string
	kind  isnKind
	short bool
}

var (
	ean13Base  = isnBase{"ean13", isnEAN13, false}
	isbn13Base = isnBase{"isbn13", isnISBN, false}
	ismn13Base = isnBase{"ismn13", isnISMN, false}
	issn13Base = isnBase{"issn13", isnISSN, false}
	isbnBase   = isnBase{"isbn", isnISBN, true}
	ismnBase   = isnBase{"ismn", isnISMN, true}
	issnBase   = isnBase{"issn", isnISSN, true}
	upcBase    = isnBase{"upc", isnUPC, true}
)

// isnSubtype is the standard a thirteen-digit number belongs to, by its
// prefix.
func isnSubtype(d string) isnKind {
	switch {
	case d[0] == '0':
		return isnUPC
	case strings.HasPrefix(d, "977"):
		return isnISSN
	case strings.HasPrefix(d, "978"):
		return isnISBN
	case strings.HasPrefix(d, "9790"):
		return isnISMN
	case strings.HasPrefix(d, "979"):
		return isnISBN
	}
	return isnEAN13
}

// eanCheck is the EAN-13 check digit of twelve digits.
func eanCheck(d string) int {
	sum := 0
	for i := 0; i < 12; i++ {
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += int(d[i]-'0') * w
	}
	return (10 - sum%10) % 10
}

// weightedCheck is the modulus-11 check of ISBN-10 and ISSN over the
// given digits, weights counting down to 2; 10 is written X.
func weightedCheck(d string) int {
	sum := 0
	for i := 0; i < len(d); i++ {
		sum += int(d[i]-'0') * (len(d) + 1 - i)
	}
	return (11 - sum%11) % 11
}

func checkChar(c int) byte {
	if c == 10 {
		return 'X'
	}
	return byte('0' + c)
}

func isnDigits(v Isn) string {
	s := strconv.FormatInt(v.Number(), 10)
	if len(s) < 13 {
		s = strings.Repeat("0", 13-len(s)) + s
	}
	return s
}

func isnMask(d string) uint16 {
	n, _ := strconv.ParseInt(d[:12], 10, 64)
	i := sort.Search(len(isnHyphens), func(i int) bool { return isnHyphens[i].lo > n })
	if i == 0 {
		return 0
	}
	return isnHyphens[i-1].mask
}

// hyphenate writes digits from..to-1 of the twelve, with the mask's
// hyphens between them.
func hyphenate(b *strings.Builder, d string, mask uint16, from, to int) {
	for i := from; i < to; i++ {
		b.WriteByte(d[i])
		if i < to-1 && mask&(1<<i) != 0 {
			b.WriteByte('-')
		}
	}
}

// IsnOutput is the text form: ean13_out's when short is false, isn_out's
// otherwise.
func IsnOutput(v Isn, short bool) string {
	d := isnDigits(v)
	mask := isnMask(d)
	var b strings.Builder
	mark := !v.Valid()
	switch sub := isnSubtype(d); {
	case short && sub == isnISBN && strings.HasPrefix(d, "978"):
		hyphenate(&b, d, mask, 3, 12)
		b.WriteByte('-')
		b.WriteByte(checkChar(weightedCheck(d[3:12])))
	case short && sub == isnISMN:
		b.WriteString("M-")
		hyphenate(&b, d, mask, 4, 12)
		b.WriteByte('-')
		b.WriteByte(d[12])
	case short && sub == isnISSN:
		b.WriteString(d[3:7])
		b.WriteByte('-')
		b.WriteString(d[7:10])
		b.WriteByte(checkChar(weightedCheck(d[3:10])))
		return b.String() // isn prints ISSN and UPC without the mark
	case short && sub == isnUPC:
		return d[1:]
	default:
		hyphenate(&b, d, mask, 0, 12)
		b.WriteByte('-')
		b.WriteByte(d[12])
	}
	if mark {
		b.WriteByte('!')
	}
	return b.String()
}

func isnSyntaxError(accept isnKind, s string) error {
	return pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for %s number: %s", accept, quoteExtInput(s))
}

func isnWrongType(from, to isnKind, s string) error {
	return pgerror.New(pgerror.InvalidTextRepresentation, "cannot cast %s to %s for number: %s", from, to, quoteExtInput(s))
}

// ParseIsn reads the text form of a number of standard accept, as
// isn's input functions do: digits with hyphens or spaces anywhere,
// ISBN-10 and ISSN check digits X, ISMN-10 after an M, a trailing "?"
// computing the check digit, a trailing "!" marking the number as having
// an invalid one. A wrong check digit is an error, or (weak) the mark.
func ParseIsn(s string, accept isnKind, weak bool) (Isn, error) {
	var buf []byte
	kind := isnInvalid
	magic, valid := false, true
	i := 0
	for ; i < len(s) && len(buf) <= 13; i++ {
		c := s[i]
		last := i+1 == len(s) || s[i+1] == '!'
		digit := c >= '0' && c <= '9'
		if c == '?' && last {
			magic, digit = true, true
		}
		isX := c == 'X' || c == 'x'
		switch n := len(buf); {
		case n == 0 && (c == 'M' || c == 'm'):
			if kind != isnInvalid {
				return 0, isnSyntaxError(accept, s)
			}
			kind = isnISMN
			buf = append(buf, 'M')
		case n == 7 && (digit || isX) && last:
			if kind != isnInvalid {
				return 0, isnSyntaxError(accept, s)
			}
			kind = isnISSN
			buf = append(buf, upperX(c))
		case n == 9 && (digit || isX) && last:
			if kind != isnInvalid && kind != isnISMN {
				return 0, isnSyntaxError(accept, s)
			}
			if kind == isnInvalid {
				kind = isnISBN
			}
			buf = append(buf, upperX(c))
		case n == 11 && digit && last:
			if kind != isnInvalid {
				return 0, isnSyntaxError(accept, s)
			}
			kind = isnUPC
			buf = append(buf, c)
		case c == '-' || c == ' ':
		case c == '!' && i+1 == len(s):
			if !magic {
				valid = false
			}
			magic = true
		case !digit:
			return 0, isnSyntaxError(accept, s)
		default:
			buf = append(buf, c)
		}
	}
	if len(buf) > 13 {
		return 0, pgerror.New(pgerror.NumericValueOutOfRange, "value %s is out of range for %s type", quoteExtInput(s), accept)
	}
	// the check digit written: its value, -1 for "?" (or any non-digit)
	var check int
	switch len(buf) {
	case 13:
		if kind != isnInvalid {
			return 0, isnSyntaxError(accept, s)
		}
		kind = isnEAN13
		check = int(buf[12]) - '0'
	case 12:
		if kind != isnUPC {
			return 0, isnSyntaxError(accept, s)
		}
		check = int(buf[11]) - '0'
	case 10:
		if kind != isnISBN && kind != isnISMN {
			return 0, isnSyntaxError(accept, s)
		}
		check = int(buf[9]) - '0'
		if buf[9] == 'X' {
			check = 10
		}
	case 8:
		if kind != isnInvalid && kind != isnISSN {
			return 0, isnSyntaxError(accept, s)
		}
		kind = isnISSN
		check = int(buf[7]) - '0'
		if buf[7] == 'X' {
			check = 10
		}
	default:
		return 0, isnSyntaxError(accept, s)
	}
	if accept == isnEAN13 && kind != accept || kind != isnEAN13 && kind != accept {
		return 0, isnWrongType(kind, accept, s)
	}
	// the first twelve digits of the EAN-13 number, and the check digit
	// the standard computes for what was written
	var d string
	var want int
	body := string(buf)
	switch kind {
	case isnEAN13:
		d = body[:12]
		want = eanCheck(d)
		if sub := isnSubtype(body); accept != isnEAN13 && sub != accept {
			return 0, isnWrongType(sub, accept, s)
		}
	case isnISMN:
		d = "9790" + body[1:9]
		want = eanCheck(d)
	case isnISBN:
		d = "978" + body[:9]
		want = weightedCheck(body[:9])
	case isnISSN:
		d = "977" + body[:7] + "00"
		want = weightedCheck(body[:7])
	case isnUPC:
		d = "0" + body[:11]
		want = eanCheck(d)
	}
	valid = valid && (want == check || magic)
	n, _ := strconv.ParseInt(d, 10, 64)
	v := Isn((n*10 + int64(eanCheck(d))) << 1)
	if !valid {
		if !magic && !weak {
			return 0, pgerror.New(pgerror.InvalidTextRepresentation, "invalid check digit for %s number: %s, should be %c", accept, quoteExtInput(s), checkChar(want))
		}
		v |= 1
	}
	return v, nil
}

func upperX(c byte) byte {
	if c == 'x' {
		return 'X'
	}
	return c
}

// IsnCast is the cast from ean13 to the type named to (isbn13(ean13),
// upc(ean13)…): the number must be of the type's standard.
func IsnCast(v Isn, to string) (Isn, error) {
	b, ok := extBases[to].(isnBase)
	if !ok {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "%s is not an isn type", to)
	}
	return b.fromEAN13(v)
}

func (b isnBase) fromEAN13(v Isn) (Isn, error) {
	if b.kind == isnEAN13 {
		return v, nil
	}
	d := isnDigits(v)
	if sub := isnSubtype(d); sub != b.kind {
		from := "EAN13"
		if sub != isnEAN13 {
			from += "(" + sub.String() + ")"
		}
		return 0, pgerror.New(pgerror.InvalidTextRepresentation, "cannot cast %s to %s for number: %s", from, b.kind, quoteExtInput(d))
	}
	return v, nil
}

// Input reads the text form, check digits strictly.
func (b isnBase) Input(s string, _ int32) (any, error) { return ParseIsn(s, b.kind, false) }

// InputEnv is Input in the session's weak input mode (isn_weak).
func (b isnBase) InputEnv(s string, _ int32, env *Env) (any, error) {
	return ParseIsn(s, b.kind, env != nil && env.IsnWeak)
}

func (b isnBase) Output(v any) string { return IsnOutput(asIsn(v), b.short) }

func isnNoBinary(b isnBase, dir string) error {
	return pgerror.New(pgerror.UndefinedFunction, "no binary %s function available for type %s", dir, b.name)
}

// AppendSend and Receive fail: isn declares no send or receive function.
func (b isnBase) AppendSend(buf []byte, _ any) ([]byte, error) {
	return buf, isnNoBinary(b, "output")
}

func (b isnBase) Receive([]byte) (any, error) { return nil, isnNoBinary(b, "input") }

func (isnBase) Compare(a, b any) int { return cmpInt64(int64(asIsn(a)), int64(asIsn(b))) }

func asIsn(v any) Isn {
	switch x := v.(type) {
	case Isn:
		return x
	case int64:
		return Isn(x)
	}
	return 0
}

func (isnBase) TypmodIn([]int32) (int32, error)      { return -1, nil }
func (isnBase) TypmodOut(int32) string               { return "" }
func (isnBase) ApplyMod(v any, _ int32) (any, error) { return v, nil }

// typLen is pg_type.typlen: isn's types are passed by value in 8 bytes.
func (isnBase) typLen() int16 { return 8 }

func (b isnBase) CastTo(v any, to *Type) (any, error) { return Input(to, b.Output(v), nil) }
func (b isnBase) sameStandard(o isnBase) bool         { return b.kind == o.kind }
func (b isnBase) isEAN13() bool                       { return b.kind == isnEAN13 }

func (b isnBase) otherIsn(t *Type) (isnBase, bool) {
	if t == nil {
		return isnBase{}, false
	}
	o, ok := t.Base().Ext.(isnBase)
	return o, ok
}

// CastContext is isn's pg_cast rows: every type to ean13 and between a
// standard's short and thirteen-digit types by assignment, without a
// function; ean13 to the others explicitly, through a function that
// checks the number's standard.
func (b isnBase) CastContext(other *Type, toExt bool) CastContext {
	if !toExt {
		return castNone // the other side, an isn type too, answers
	}
	o, ok := b.otherIsn(other)
	switch {
	case !ok || o == b:
		return castNone
	case b.isEAN13():
		return CastAssignment
	case o.isEAN13():
		return CastExplicit
	case b.sameStandard(o):
		return CastAssignment
	}
	return castNone
}

func (b isnBase) CastFrom(v any, from *Type, _ int32) (any, error) {
	if o, ok := b.otherIsn(from); ok && o.isEAN13() {
		return b.fromEAN13(asIsn(v))
	}
	if _, ok := b.otherIsn(from); ok {
		return asIsn(v), nil
	}
	if from != nil {
		return b.Input(Output(from, v, nil), -1)
	}
	return nil, CannotCast(from, &Type{Kind: KindExt, Name: b.name, SQLName: b.name, Mod: -1, Ext: b})
}
