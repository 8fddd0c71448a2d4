package extensions

import (
	"strings"
	"unicode/utf8"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// fuzzystrmatch stands in for fuzzystrmatch 1.1 (PostgreSQL docs F.17):
// levenshtein (with costs and the _less_equal bound), soundex,
// difference, metaphone and Double Metaphone (dmetaphone,
// dmetaphone_alt; fuzzystrmatch_dmetaphone.go). daitch_mokotoff is
// PostgreSQL 16's, not 15's.
func fuzzystrmatch() *Extension {
	return &Extension{
		Name:        "fuzzystrmatch",
		Version:     "1.1",
		Comment:     "determine similarities and distance between strings",
		Relocatable: true,
		Funcs: map[string]Func{
			"levenshtein": Scalar(func(a []any) (any, error) { return levenshtein(a[0].(string), a[1].(string), 1, 1, 1, -1) }),
			"levenshtein_with_costs": Scalar(func(a []any) (any, error) {
				return levenshtein(a[0].(string), a[1].(string), int(a[2].(int32)), int(a[3].(int32)), int(a[4].(int32)), -1)
			}),
			"levenshtein_less_equal": Scalar(func(a []any) (any, error) {
				return levenshtein(a[0].(string), a[1].(string), 1, 1, 1, int(a[2].(int32)))
			}),
			"levenshtein_less_equal_with_costs": Scalar(func(a []any) (any, error) {
				return levenshtein(a[0].(string), a[1].(string), int(a[2].(int32)), int(a[3].(int32)), int(a[4].(int32)), int(a[5].(int32)))
			}),
			"soundex":    Scalar(func(a []any) (any, error) { return soundex(a[0].(string)), nil }),
			"difference": Scalar(func(a []any) (any, error) { return difference(a[0].(string), a[1].(string)), nil }),
			"metaphone":  Scalar(func(a []any) (any, error) { return metaphone(a[0].(string), int(a[1].(int32))) }),
			"dmetaphone": Scalar(func(a []any) (any, error) {
				p, _ := doubleMetaphone(a[0].(string))
				return p, nil
			}),
			"dmetaphone_alt": Scalar(func(a []any) (any, error) {
				_, alt := doubleMetaphone(a[0].(string))
				return alt, nil
			}),
		},
		Script: `
CREATE FUNCTION levenshtein(text, text) RETURNS int AS 'MODULE_PATHNAME', 'levenshtein' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION levenshtein(text, text, int, int, int) RETURNS int AS 'MODULE_PATHNAME', 'levenshtein_with_costs' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION levenshtein_less_equal(text, text, int) RETURNS int AS 'MODULE_PATHNAME', 'levenshtein_less_equal' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION levenshtein_less_equal(text, text, int, int, int, int) RETURNS int AS 'MODULE_PATHNAME', 'levenshtein_less_equal_with_costs' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION metaphone(text, int) RETURNS text AS 'MODULE_PATHNAME', 'metaphone' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION soundex(text) RETURNS text AS 'MODULE_PATHNAME', 'soundex' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text_soundex(text) RETURNS text AS 'MODULE_PATHNAME', 'soundex' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION difference(text, text) RETURNS int AS 'MODULE_PATHNAME', 'difference' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION dmetaphone(text) RETURNS text AS 'MODULE_PATHNAME', 'dmetaphone' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION dmetaphone_alt(text) RETURNS text AS 'MODULE_PATHNAME', 'dmetaphone_alt' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
`,
	}
}

// maxLevenshteinLen is fuzzystrmatch's MAX_LEVENSHTEIN_STRLEN.
const maxLevenshteinLen = 255

// levenshtein is the edit distance with insertion, deletion and
// substitution costs; with max >= 0 a distance above max may be reported
// as any value above max (levenshtein_less_equal), here max + 1.
func levenshtein(s, t string, ins, del, sub, max int) (any, error) {
	a, b := []rune(s), []rune(t)
	if len(a) == 0 {
		return int32(len(b) * ins), nil
	}
	if len(b) == 0 {
		return int32(len(a) * del), nil
	}
	if len(a) > maxLevenshteinLen || len(b) > maxLevenshteinLen {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "levenshtein argument exceeds maximum length of %d characters", maxLevenshteinLen)
	}
	prev := make([]int, len(a)+1)
	cur := make([]int, len(a)+1)
	for i := range prev {
		prev[i] = i * del
	}
	for j := 1; j <= len(b); j++ {
		cur[0] = j * ins
		for i := 1; i <= len(a); i++ {
			c := sub
			if a[i-1] == b[j-1] {
				c = 0
			}
			v := prev[i-1] + c
			if d := prev[i] + ins; d < v {
				v = d
			}
			if d := cur[i-1] + del; d < v {
				v = d
			}
			cur[i] = v
		}
		prev, cur = cur, prev
	}
	d := prev[len(a)]
	if max >= 0 && d > max {
		d = max + 1
	}
	return int32(d), nil
}

// soundexCode is the Soundex digit of each letter A..Z ('0' for vowels
// and H, W, Y).
const soundexCode = "01230120022455012623010202"

func soundex(s string) string {
	i := 0
	for i < len(s) && !isASCIIAlpha(s[i]) {
		i++
	}
	if i == len(s) {
		return ""
	}
	out := []byte{upper(s[i])}
	// a letter coded as the character before it (whatever that is) is
	// skipped, as fuzzystrmatch's soundex compares with the input
	for i++; i < len(s) && len(out) < 4; i++ {
		c := s[i]
		if !isASCIIAlpha(c) {
			continue
		}
		code := soundexCodeOf(c)
		if code != '0' && code != soundexCodeOf(s[i-1]) {
			out = append(out, code)
		}
	}
	for len(out) < 4 {
		out = append(out, '0')
	}
	return string(out)
}

// soundexCodeOf is a letter's Soundex digit; any other byte is itself.
func soundexCodeOf(c byte) byte {
	if isASCIIAlpha(c) {
		return soundexCode[upper(c)-'A']
	}
	return c
}

func difference(a, b string) int32 {
	// codes compare as fuzzystrmatch's zero-filled buffers: an empty
	// code (no letters) is four NULs
	x, y := soundex(a)+"\x00\x00\x00\x00", soundex(b)+"\x00\x00\x00\x00"
	n := int32(0)
	for i := 0; i < 4; i++ {
		if x[i] == y[i] {
			n++
		}
	}
	return n
}

func isASCIIAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// metaphone is Lawrence Philips' Metaphone as fuzzystrmatch implements
// it: the code of word, at most maxLen characters.
func metaphone(word string, maxLen int) (any, error) {
	if maxLen < 1 {
		return nil, pgerror.New("2200F", "output cannot be empty string")
	}
	if utf8.RuneCountInString(word) > maxLevenshteinLen || maxLen > maxLevenshteinLen {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "argument exceeds the maximum length of %d bytes", maxLevenshteinLen)
	}
	w := []byte(strings.ToUpper(word))
	// skip leading non-letters
	for len(w) > 0 && !isASCIIAlpha(w[0]) {
		w = w[1:]
	}
	if len(w) == 0 {
		return "", nil
	}
	at := func(i int) byte {
		if i < 0 || i >= len(w) {
			return 0
		}
		return w[i]
	}
	vowel := func(c byte) bool { return strings.IndexByte("AEIOU", c) >= 0 }
	frontv := func(c byte) bool { return strings.IndexByte("EIY", c) >= 0 }
	varson := func(c byte) bool { return strings.IndexByte("CSPTG", c) >= 0 }
	noghf := func(c byte) bool { return strings.IndexByte("BDH", c) >= 0 }
	var out []byte
	add := func(s string) { out = append(out, s...) }
	i := 0
	switch at(0) {
	case 'A':
		if at(1) == 'E' {
			add("E")
			i = 2
		} else {
			add("A")
			i = 1
		}
	case 'G', 'K', 'P':
		if at(1) == 'N' {
			add("N")
			i = 2
		}
	case 'W':
		if at(1) == 'R' {
			add("R")
			i = 2
		} else if at(1) == 'H' {
			add("H") // WH sounds as H
			i = 2
		} else if vowel(at(1)) {
			add("W")
			i = 2
		}
	case 'X':
		add("S")
		i = 1
	case 'E', 'I', 'O', 'U':
		add(string(at(0)))
		i = 1
	}
	for ; i < len(w) && len(out) < maxLen; i++ {
		c := w[i]
		if !isASCIIAlpha(c) {
			continue
		}
		if c == at(i-1) && c != 'C' {
			continue
		}
		switch c {
		case 'B':
			if at(i-1) != 'M' { // silent after M: dumb, plumber
				add("B")
			}
		case 'C':
			switch {
			case frontv(at(i + 1)):
				if at(i+1) == 'I' && at(i+2) == 'A' {
					add("X")
				} else if at(i-1) == 'S' {
				} else {
					add("S")
				}
			case at(i+1) == 'H':
				if at(i+2) == 'R' || at(i-1) == 'S' {
					add("K") // Christ, school
				} else {
					add("X")
				}
				i++
			default:
				add("K")
			}
		case 'D':
			if at(i+1) == 'G' && frontv(at(i+2)) {
				add("J")
				i += 2
			} else {
				add("T")
			}
		case 'G':
			switch {
			case at(i+1) == 'H':
				if !(noghf(at(i-3)) || at(i-4) == 'H') {
					add("F")
					i++
				}
			case at(i+1) == 'N':
				if isASCIIAlpha(at(i+2)) && !(at(i+2) == 'E' && at(i+3) == 'D') {
					add("K") // GN at a word's end and in GNED is silent
				}
			case frontv(at(i+1)) && at(i-1) != 'G':
				add("J")
			default:
				add("K")
			}
		case 'H':
			if vowel(at(i+1)) && !varson(at(i-1)) {
				add("H")
			}
		case 'K':
			if at(i-1) != 'C' {
				add("K")
			}
		case 'P':
			if at(i+1) == 'H' {
				add("F")
			} else {
				add("P")
			}
		case 'Q':
			add("K")
		case 'S':
			switch {
			case at(i+1) == 'I' && (at(i+2) == 'O' || at(i+2) == 'A'):
				add("X")
			case at(i+1) == 'H':
				add("X")
				i++
			case at(i+1) == 'C' && at(i+2) == 'H' && at(i+3) == 'W':
				add("X")
				i += 2
			default:
				add("S")
			}
		case 'T':
			switch {
			case at(i+1) == 'I' && (at(i+2) == 'O' || at(i+2) == 'A'):
				add("X")
			case at(i+1) == 'H':
				add("0")
				i++
			default:
				add("T")
			}
		case 'V':
			add("F")
		case 'W':
			if vowel(at(i + 1)) {
				add("W")
			}
		case 'X':
			add("KS")
		case 'Y':
			if vowel(at(i + 1)) {
				add("Y")
			}
		case 'Z':
			add("S")
		case 'F', 'J', 'L', 'M', 'N', 'R':
			add(string(c))
		}
	}
	if len(out) > maxLen {
		out = out[:maxLen]
	}
	return string(out), nil
}
