package expr

import (
	"math"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// to_char over numbers, as PostgreSQL's formatting.c behaves (docs 9.8,
// table 9.28). Formatting happens in two steps, as there: the value is
// first rendered to a digit string fitted to the pattern (rounded to its
// fraction digits, '#'-filled when the integer part overflows), then a
// processor walks the pattern and places digits, signs, separators and
// literal text. The odd corners (a sign placed before the first printed
// digit, FM trimming, 'PR' brackets, output cut at the end of the digit
// string) follow PostgreSQL's observable behaviour; the C locale's
// symbols are used for L, D, G and S, as a Supabase database has.

// numFlag is one of the pattern's mode flags.
type numFlag uint16

const (
	numDecimal numFlag = 1 << iota
	numLDecimal
	numZero
	numBlank
	numFillMode
	numLSign
	numBracket
	numMinus
	numPlus
	numRoman
	numMulti
	numEEEE
)

// Where an S pattern puts the sign: before the digits or after them.
const (
	lsignNone = iota
	lsignPre
	lsignPost
)

// numKey is a pattern keyword; numLiteral marks copied text.
type numKey uint8

const (
	numLiteral numKey = iota
	num9
	num0
	numDec
	numD
	numComma
	numG
	numL
	numMI
	numPL
	numSG
	numS
	numPR
	numRN
	numRNLower
	numTH
	numTHLower
	numV
	numE
	numFM
	numB
	numC
	numSP
)

// numKeywords lists the keywords in matching order: at each position the
// first entry that matches is taken, so longer keywords precede their
// prefixes ("SG" before "S"). Lowercase spellings are the same keyword,
// except rn and th, which print in lowercase.
var numKeywords = []struct {
	name string
	key  numKey
}{
	{",", numComma}, {".", numDec}, {"0", num0}, {"9", num9},
	{"B", numB}, {"C", numC}, {"D", numD}, {"EEEE", numE}, {"FM", numFM},
	{"G", numG}, {"L", numL}, {"MI", numMI}, {"PL", numPL}, {"PR", numPR},
	{"RN", numRN}, {"SG", numSG}, {"SP", numSP}, {"S", numS}, {"TH", numTH},
	{"V", numV},
	{"b", numB}, {"c", numC}, {"d", numD}, {"eeee", numE}, {"fm", numFM},
	{"g", numG}, {"l", numL}, {"mi", numMI}, {"pl", numPL}, {"pr", numPR},
	{"rn", numRNLower}, {"sg", numSG}, {"sp", numSP}, {"s", numS},
	{"th", numTHLower}, {"v", numV},
}

type numNode struct {
	key numKey
	lit string // the copied text of a numLiteral node
}

// numFormat is a parsed numeric pattern: its nodes and what they add up to.
type numFormat struct {
	nodes       []numNode
	flags       numFlag
	pre, post   int // digit positions before and after the decimal point
	multi       int // digits shifted by V
	zeroStart   int // first 0 position (1-based while parsing), 0 when none
	zeroEnd     int
	lsign       int
	preLsignNum int
}

func (f *numFormat) is(fl numFlag) bool { return f.flags&fl != 0 }

func numSyntaxErr(msg string) error { return pgerror.New(pgerror.SyntaxError, "%s", msg) }

// parseNumFormat splits a pattern into keyword and literal nodes, checking
// the combinations PostgreSQL rejects.
func parseNumFormat(s string) (*numFormat, error) {
	f := &numFormat{}
	for i := 0; i < len(s); {
		key := numLiteral
		for _, kw := range numKeywords {
			if strings.HasPrefix(s[i:], kw.name) {
				key = kw.key
				i += len(kw.name)
				break
			}
		}
		if key != numLiteral {
			if err := f.add(key); err != nil {
				return nil, err
			}
			f.nodes = append(f.nodes, numNode{key: key})
			continue
		}
		if s[i] == '"' {
			// A double-quoted string is copied; a backslash quotes the
			// character after it.
			for i++; i < len(s); {
				if s[i] == '"' {
					i++
					break
				}
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				n := runeLen(s[i:])
				f.nodes = append(f.nodes, numNode{lit: s[i : i+n]})
				i += n
			}
			continue
		}
		// Outside quotes a backslash only escapes a double quote.
		if s[i] == '\\' && i+1 < len(s) && s[i+1] == '"' {
			i++
		}
		n := runeLen(s[i:])
		f.nodes = append(f.nodes, numNode{lit: s[i : i+n]})
		i += n
	}
	return f, nil
}

func runeLen(s string) int {
	for n := 1; n < len(s); n++ {
		if s[n]&0xC0 != 0x80 {
			return n
		}
	}
	return len(s)
}

// add records what one keyword contributes to the pattern's description.
func (f *numFormat) add(k numKey) error {
	if f.is(numEEEE) && k != numE {
		return numSyntaxErr(`"EEEE" must be the last pattern used`)
	}
	switch k {
	case num9:
		if f.is(numBracket) {
			return numSyntaxErr(`"9" must be ahead of "PR"`)
		}
		switch {
		case f.is(numMulti):
			f.multi++
		case f.is(numDecimal):
			f.post++
		default:
			f.pre++
		}
	case num0:
		if f.is(numBracket) {
			return numSyntaxErr(`"0" must be ahead of "PR"`)
		}
		if !f.is(numZero) && !f.is(numDecimal) {
			f.flags |= numZero
			f.zeroStart = f.pre + 1
		}
		if f.is(numDecimal) {
			f.post++
		} else {
			f.pre++
		}
		f.zeroEnd = f.pre + f.post
	case numB:
		if f.pre == 0 && f.post == 0 && !f.is(numZero) {
			f.flags |= numBlank
		}
	case numD, numDec:
		if f.is(numDecimal) {
			return numSyntaxErr("multiple decimal points")
		}
		if f.is(numMulti) {
			return numSyntaxErr(`cannot use "V" and decimal point together`)
		}
		if k == numD {
			f.flags |= numLDecimal
		}
		f.flags |= numDecimal
	case numFM:
		f.flags |= numFillMode
	case numS:
		if f.is(numLSign) {
			return numSyntaxErr(`cannot use "S" twice`)
		}
		if f.is(numPlus) || f.is(numMinus) || f.is(numBracket) {
			return numSyntaxErr(`cannot use "S" and "PL"/"MI"/"SG"/"PR" together`)
		}
		if !f.is(numDecimal) {
			f.lsign, f.preLsignNum = lsignPre, f.pre
			f.flags |= numLSign
		} else if f.lsign == lsignNone {
			f.lsign = lsignPost
			f.flags |= numLSign
		}
	case numMI:
		if f.is(numLSign) {
			return numSyntaxErr(`cannot use "S" and "MI" together`)
		}
		f.flags |= numMinus
	case numPL:
		if f.is(numLSign) {
			return numSyntaxErr(`cannot use "S" and "PL" together`)
		}
		f.flags |= numPlus
	case numSG:
		if f.is(numLSign) {
			return numSyntaxErr(`cannot use "S" and "SG" together`)
		}
		f.flags |= numMinus | numPlus
	case numPR:
		if f.is(numLSign) || f.is(numPlus) || f.is(numMinus) {
			return numSyntaxErr(`cannot use "PR" and "S"/"PL"/"MI"/"SG" together`)
		}
		f.flags |= numBracket
	case numRN, numRNLower:
		f.flags |= numRoman
	case numV:
		if f.is(numDecimal) {
			return numSyntaxErr(`cannot use "V" and decimal point together`)
		}
		f.flags |= numMulti
	case numE:
		if f.is(numEEEE) {
			return numSyntaxErr(`cannot use "EEEE" twice`)
		}
		if f.flags&(numBlank|numFillMode|numLSign|numBracket|numMinus|numPlus|numRoman|numMulti) != 0 {
			return pgerror.New(pgerror.SyntaxError, `"EEEE" is incompatible with other formats`).
				WithDetail(`"EEEE" may only be used together with digit and decimal point patterns.`)
		}
		f.flags |= numEEEE
	}
	return nil
}

// numToCharValue is a number rendered for the processor: its digit string
// (no sign), the sign, and the blank positions ahead of its first digit.
type numToCharValue struct {
	digits    string
	sign      byte
	preSpaces int
}

// fit sets the leading padding, or '#'-fills the digits when the integer
// part has more digits than the pattern (pre, post after V's shift).
func (v *numToCharValue) fit(pre, post int) {
	preLen := len(v.digits)
	if i := strings.IndexByte(v.digits, '.'); i >= 0 {
		preLen = i
	}
	switch {
	case preLen < pre:
		v.preSpaces = pre - preLen
	case preLen > pre:
		b := []byte(strings.Repeat("#", pre+post+1))
		b[pre] = '.'
		v.digits = string(b)
	}
}

// splitSign takes a leading minus off a rendered number.
func splitSign(s string) (string, byte) {
	if strings.HasPrefix(s, "-") {
		return s[1:], '-'
	}
	return s, '+'
}

// toCharNumeric is to_char(numeric, text).
func toCharNumeric(v any, pattern string) (string, error) {
	f, err := parseNumFormat(pattern)
	if err != nil {
		return "", err
	}
	sp, special := v.(types.NumericSpecial)
	d, _ := v.(decimal.Decimal)
	switch {
	case f.is(numRoman):
		if special {
			what := "infinity"
			if sp == types.NumericNaN {
				what = "NaN"
			}
			return "", pgerror.New(pgerror.FeatureNotSupported, "cannot convert %s to integer", what)
		}
		r := d.Round(0)
		if r.GreaterThan(decimal.NewFromInt(math.MaxInt32)) || r.LessThan(decimal.NewFromInt(math.MinInt32)) {
			return "", pgerror.New(pgerror.NumericValueOutOfRange, "integer out of range")
		}
		return f.process(numToCharValue{digits: intToRoman(r.IntPart())})
	case f.is(numEEEE):
		if special {
			return f.process(numToCharValue{digits: eeeeOverflow(f)})
		}
		s := numericSci(d, f.post)
		if !strings.HasPrefix(s, "-") {
			s = " " + s
		}
		return f.process(numToCharValue{digits: s})
	}
	var out numToCharValue
	pre := f.pre
	if f.is(numMulti) {
		pre += f.multi
	}
	if special {
		out.digits, out.sign = splitSign(sp.String())
	} else {
		if f.is(numMulti) {
			d = d.Shift(int32(f.multi))
		}
		out.digits, out.sign = splitSign(numericText(d.Round(int32(f.post)), f.post))
	}
	out.fit(pre, f.post)
	f.pre = pre
	return f.process(out)
}

// numericText prints d with exactly scale fraction digits, as numeric_out
// prints a value rounded to that scale.
func numericText(d decimal.Decimal, scale int) string {
	if scale < 0 {
		scale = 0
	}
	return d.StringFixed(int32(scale))
}

// numericSci is numeric_out_sci: the significand rounded to scale digits
// and a signed exponent of at least two digits. The exponent is taken
// before rounding, so 9.999 at scale 2 prints as 10.00e+00 as in PostgreSQL.
func numericSci(d decimal.Decimal, scale int) string {
	exp := 0
	if !d.IsZero() {
		exp = len(d.Coefficient().String()) - 1 + int(d.Exponent())
		if d.Coefficient().Sign() < 0 {
			exp--
		}
	}
	sig := d.Shift(int32(-exp)).StringFixed(int32(scale))
	return sig + "e" + expText(exp)
}

func expText(exp int) string {
	sign := "+"
	if exp < 0 {
		sign, exp = "-", -exp
	}
	s := strconv.Itoa(exp)
	if len(s) < 2 {
		s = "0" + s
	}
	return sign + s
}

// eeeeOverflow is what EEEE prints for NaN and infinities: room for a
// sign, the point, "e", the exponent's sign and two digits, all '#'.
func eeeeOverflow(f *numFormat) string {
	b := []byte(strings.Repeat("#", f.pre+f.post+6))
	b[0] = ' '
	b[f.pre+1] = '.'
	return string(b)
}

// toCharInt is to_char of an integer type (int4 wraps V's product as a
// 32-bit multiplication, int8 as 64-bit).
func toCharInt(n int64, bits int, pattern string) (string, error) {
	f, err := parseNumFormat(pattern)
	if err != nil {
		return "", err
	}
	switch {
	case f.is(numRoman):
		if n < math.MinInt32 || n > math.MaxInt32 {
			// bigint goes through int4 for its numeral.
			return "", pgerror.New(pgerror.NumericValueOutOfRange, "integer out of range")
		}
		return f.process(numToCharValue{digits: intToRoman(n)})
	case f.is(numEEEE):
		if bits == 64 {
			return toCharNumeric(decimal.NewFromInt(n), pattern)
		}
		return f.process(numToCharValue{digits: cSci(float64(n), f.post)})
	}
	pre := f.pre
	if f.is(numMulti) {
		m := int64(math.Pow(10, float64(f.multi)))
		if bits == 32 {
			// int4 multiplies in 32 bits, unchecked, as PostgreSQL does.
			n = int64(int32(n) * int32(m))
		} else {
			p := n * m
			if m != 0 && (p/m != n || (n == -1 && m == math.MinInt64)) {
				return "", pgerror.New(pgerror.NumericValueOutOfRange, "bigint out of range")
			}
			n = p
		}
		pre += f.multi
	}
	var out numToCharValue
	out.digits, out.sign = splitSign(strconv.FormatInt(n, 10))
	if f.post > 0 {
		out.digits += "." + strings.Repeat("0", f.post)
	}
	out.fit(pre, f.post)
	f.pre = pre
	return f.process(out)
}

// cSci is C's "%+.*e" with a leading plus swapped for a space.
func cSci(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return cFloat(x, prec)
	}
	s := strconv.FormatFloat(x, 'e', prec, 64)
	if !strings.HasPrefix(s, "-") {
		s = " " + s
	}
	return s
}

// cFloat is PostgreSQL's snprintf "%.*f", which spells the special values.
func cFloat(x float64, prec int) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(x, 'f', prec, 64)
}

// toCharFloat is to_char of float8 and float4 (single): the fraction is
// shortened so the printed digits stay within the type's precision (15 or
// 6 digits), and V multiplies in the type's own precision.
func toCharFloat(x float64, single bool, pattern string) (string, error) {
	digits := 15
	if single {
		digits = 6
	}
	f, err := parseNumFormat(pattern)
	if err != nil {
		return "", err
	}
	switch {
	case f.is(numRoman):
		r := math.RoundToEven(x)
		n := int64(math.MaxInt32)
		if !math.IsNaN(r) && r >= math.MinInt32 && r < math.MaxInt32+1 {
			n = int64(r)
		}
		return f.process(numToCharValue{digits: intToRoman(n)})
	case f.is(numEEEE):
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return f.process(numToCharValue{digits: eeeeOverflow(f)})
		}
		return f.process(numToCharValue{digits: cSci(x, f.post)})
	}
	pre, post := f.pre, f.post
	if f.is(numMulti) {
		if single {
			x = float64(float32(x) * float32(math.Pow(10, float64(f.multi))))
		} else {
			x *= math.Pow(10, float64(f.multi))
		}
		pre += f.multi
	}
	intLen := len(cFloat(math.Abs(x), 0))
	switch {
	case intLen >= digits:
		post = 0
	case intLen+post > digits:
		post = digits - intLen
	}
	var out numToCharValue
	out.digits, out.sign = splitSign(cFloat(x, post))
	out.fit(pre, post)
	f.pre, f.post = pre, post
	return f.process(out)
}

// intToRoman is the numeral for 1..3999, fifteen '#' otherwise.
func intToRoman(n int64) string {
	if n < 1 || n > 3999 {
		return strings.Repeat("#", 15)
	}
	var b strings.Builder
	for _, p := range []struct {
		v int64
		s string
	}{{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"},
		{50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}} {
		for n >= p.v {
			b.WriteString(p.s)
			n -= p.v
		}
	}
	return b.String()
}

// ordinalSuffix is the English suffix TH prints after a number's digits.
func ordinalSuffix(digits string, upper bool) string {
	s := "th"
	n := len(digits)
	if n > 0 && !(n > 1 && digits[n-2] == '1') {
		switch digits[n-1] {
		case '1':
			s = "st"
		case '2':
			s = "nd"
		case '3':
			s = "rd"
		}
	}
	if upper {
		return strings.ToUpper(s)
	}
	return s
}

// numProcessor is the state of one walk over a pattern.
type numProcessor struct {
	f            *numFormat
	out          []byte
	num          string // the digit string
	p            int    // next digit of num
	sign         byte   // '+', '-', or 0 for Roman numerals
	signWrote    bool
	numIn        bool
	numCurr      int
	numCount     int
	preSpaces    int
	lastRelevant int // index in num of the last digit FM keeps, -1 when none
}

// char is the digit string's byte at i, 0 past its end (C's terminator).
func (np *numProcessor) char(i int) byte {
	if i >= 0 && i < len(np.num) {
		return np.num[i]
	}
	return 0
}

func (np *numProcessor) lastIsPoint() bool {
	return np.lastRelevant >= 0 && np.char(np.lastRelevant) == '.'
}

// predecSpace: the number's integer part is a lone zero, printed as a blank.
func (np *numProcessor) predecSpace() bool {
	return !np.f.is(numZero) && np.p == 0 && np.char(0) == '0' && np.f.post != 0
}

// process walks the pattern over a rendered number. The output is cut at
// the first NUL, as PostgreSQL's is when a pattern has more digit
// positions than the string has digits.
func (f *numFormat) process(v numToCharValue) (string, error) {
	if f.zeroStart > 0 {
		f.zeroStart--
	}
	if f.is(numEEEE) {
		return v.digits, nil
	}
	if f.is(numRoman) {
		f.lsign, f.preLsignNum, f.post, f.pre, v.preSpaces = 0, 0, 0, 0, 0
		f.flags = f.flags&numFillMode | numRoman
	}
	np := &numProcessor{f: f, num: v.digits, sign: v.sign, lastRelevant: -1}
	if f.is(numPlus) || f.is(numMinus) {
		np.signWrote = !(f.is(numPlus) && !f.is(numMinus))
	} else {
		if np.sign != '-' && f.is(numFillMode) {
			f.flags &^= numBracket
		}
		np.signWrote = np.sign == '+' && f.is(numFillMode) && !f.is(numLSign)
		if f.lsign == lsignPre && f.pre == f.preLsignNum {
			f.lsign = lsignPost
		}
	}
	np.numCount = f.post + f.pre - 1
	np.preSpaces = v.preSpaces
	if f.is(numFillMode) && f.is(numDecimal) {
		if i := strings.IndexByte(np.num, '.'); i >= 0 {
			np.lastRelevant = i
			for j := i + 1; j < len(np.num); j++ {
				if np.num[j] != '0' {
					np.lastRelevant = j
				}
			}
			// Digits a 0 pattern asks for are kept.
			if f.zeroEnd > np.preSpaces {
				if z := f.zeroEnd - np.preSpaces; np.lastRelevant < z {
					np.lastRelevant = z
				}
			}
		}
	}
	if !np.signWrote && np.preSpaces == 0 {
		np.numCount++
	}
	for _, n := range f.nodes {
		if n.key == numLiteral {
			np.out = append(np.out, n.lit...)
			continue
		}
		switch n.key {
		case num9, num0, numDec, numD:
			np.numPart(n.key)
		case numComma, numG:
			if np.numIn {
				np.out = append(np.out, ',')
			} else if !f.is(numFillMode) {
				np.out = append(np.out, ' ')
			}
		case numL:
			// The C locale has no currency symbol; PostgreSQL prints a blank.
			np.out = append(np.out, ' ')
		case numRN, numRNLower:
			s := np.num[np.p:]
			if n.key == numRNLower {
				s = strings.ToLower(s)
			}
			if !f.is(numFillMode) && len(s) < 15 {
				s = strings.Repeat(" ", 15-len(s)) + s
			}
			np.out = append(np.out, s...)
		case numTH, numTHLower:
			if f.is(numRoman) || np.char(0) == '#' || np.sign == '-' || f.is(numDecimal) {
				continue
			}
			if c := np.char(len(np.num) - 1); c < '0' || c > '9' {
				return "", pgerror.New(pgerror.InvalidTextRepresentation, "\"%s\" is not a number", np.num)
			}
			np.out = append(np.out, ordinalSuffix(np.num, n.key == numTH)...)
		case numMI:
			if np.sign == '-' {
				np.out = append(np.out, '-')
			} else if !f.is(numFillMode) {
				np.out = append(np.out, ' ')
			}
		case numPL:
			if np.sign == '+' {
				np.out = append(np.out, '+')
			} else if !f.is(numFillMode) {
				np.out = append(np.out, ' ')
			}
		case numSG:
			np.out = append(np.out, np.sign)
		}
	}
	s := string(np.out)
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	return s, nil
}

// numPart handles one digit or decimal-point position, writing the sign
// just before the first character that belongs to the number.
func (np *numProcessor) numPart(k numKey) {
	f := np.f
	if f.is(numRoman) {
		return
	}
	np.numIn = false
	if !np.signWrote &&
		(np.numCurr >= np.preSpaces || (f.is(numZero) && f.zeroStart == np.numCurr)) &&
		(!np.predecSpace() || np.lastIsPoint()) {
		switch {
		case f.is(numLSign):
			if f.lsign == lsignPre {
				np.out = append(np.out, np.sign)
				np.signWrote = true
			}
		case f.is(numBracket):
			if np.sign == '+' {
				np.out = append(np.out, ' ')
			} else {
				np.out = append(np.out, '<')
			}
			np.signWrote = true
		case np.sign == '+':
			if !f.is(numFillMode) {
				np.out = append(np.out, ' ')
			}
			np.signWrote = true
		case np.sign == '-':
			np.out = append(np.out, '-')
			np.signWrote = true
		}
	}
	switch {
	case np.numCurr < np.preSpaces && (f.zeroStart > np.numCurr || !f.is(numZero)):
		if !f.is(numFillMode) {
			np.out = append(np.out, ' ')
		}
	case f.is(numZero) && np.numCurr < np.preSpaces && f.zeroStart <= np.numCurr:
		np.out = append(np.out, '0')
		np.numIn = true
	default:
		if c := np.char(np.p); c == '.' {
			if !np.lastIsPoint() || f.is(numFillMode) {
				np.out = append(np.out, '.')
			}
		} else {
			switch {
			case np.lastRelevant >= 0 && np.p > np.lastRelevant && k != num0:
			case np.predecSpace():
				if !f.is(numFillMode) {
					np.out = append(np.out, ' ')
				} else if np.lastIsPoint() {
					np.out = append(np.out, '0')
				}
			default:
				np.out = append(np.out, c)
				np.numIn = true
			}
		}
		if np.p < len(np.num) {
			np.p++
		}
	}
	end := np.numCount
	if np.preSpaces > 0 {
		end++
	}
	if f.is(numDecimal) {
		end++
	}
	if np.lastRelevant >= 0 && np.lastRelevant == np.p {
		end = np.numCurr
	}
	if np.numCurr+1 == end {
		switch {
		case np.signWrote && f.is(numBracket):
			if np.sign == '+' {
				np.out = append(np.out, ' ')
			} else {
				np.out = append(np.out, '>')
			}
		case f.is(numLSign) && f.lsign == lsignPost:
			np.out = append(np.out, np.sign)
		}
	}
	np.numCurr++
}
