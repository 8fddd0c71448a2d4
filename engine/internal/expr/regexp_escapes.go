package expr

import (
	"fmt"
	"strings"
	"unicode"
)

// areEscapes rewrites the escapes of a PostgreSQL ARE that RE2 spells
// otherwise or lacks (PostgreSQL docs 9.7.3.3, tables 9.20 and 9.22):
// the character entries \uwxyz, \Ustuvwxyz, \xhhh (any number of hex
// digits), \cX, \e, \b (backspace in an ARE, not a word boundary) and
// \B (a backslash), and the constraints \y, \Y and \Z. Escapes RE2 reads
// as PostgreSQL does (\n, \t, \d, \w, \A…) pass through, and so does a
// malformed one, which RE2 then rejects as PostgreSQL does ("invalid
// escape \ sequence"). Database DDL writes these in CHECK constraints
// and domains, such as VALUE !~ '[\u0000-\u001F]'.
func areEscapes(pat string) string {
	if !strings.Contains(pat, `\`) && !strings.Contains(pat, "[:") {
		return pat
	}
	var b strings.Builder
	inBracket := false
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		if c != '\\' || i+1 >= len(pat) {
			switch {
			case c == '[' && inBracket && strings.HasPrefix(pat[i:], "[:"):
				if end := strings.Index(pat[i+2:], ":]"); end >= 0 {
					if u, ok := unicodeClasses[pat[i+2:i+2+end]]; ok {
						b.WriteString(u)
						i += end + 3
						continue
					}
				}
			case c == '[' && !inBracket:
				inBracket = true
				i = openBracket(&b, pat, i)
				continue
			case c == ']' && inBracket:
				inBracket = false
			}
			b.WriteByte(c)
			continue
		}
		e := pat[i+1]
		switch e {
		case 'u', 'U', 'x':
			n := 4
			switch e {
			case 'U':
				n = 8
			case 'x':
				n = hexRun(pat[i+2:], len(pat))
			}
			if n == 0 || hexRun(pat[i+2:], n) != n {
				break // malformed: RE2 rejects it
			}
			b.WriteString(`\x{` + pat[i+2:i+2+n] + `}`)
			i += 1 + n
			continue
		case 'c':
			if i+2 < len(pat) {
				fmt.Fprintf(&b, `\x{%x}`, pat[i+2]&0x1f)
				i += 2
				continue
			}
		case 'e':
			b.WriteString(`\x{1b}`)
			i++
			continue
		case 'b':
			b.WriteString(`\x{8}`)
			i++
			continue
		case 'B':
			b.WriteString(`\\`)
			i++
			continue
		case 'w', 'W':
			// a word character is [[:alnum:]_] in the database's
			// locale, not ASCII's
			if !inBracket {
				b.WriteString(map[byte]string{'w': `[\p{L}\p{Nd}_]`, 'W': `[^\p{L}\p{Nd}_]`}[e])
				i++
				continue
			}
			if e == 'w' {
				b.WriteString(`\p{L}\p{Nd}_`)
				i++
				continue
			}
		case 'y', 'Y', 'Z':
			if !inBracket {
				b.WriteString(map[byte]string{'y': `\b`, 'Y': `\B`, 'Z': `\z`}[e])
				i++
				continue
			}
		}
		b.WriteByte(c)
		b.WriteByte(e)
		i++
	}
	return b.String()
}

// unicodeClasses are the bracket-expression character classes whose
// members PostgreSQL takes from the locale's wide-character ctype
// (iswalpha, iswupper...; C.UTF-8 classifies all of Unicode), where
// RE2's [:alpha:] and the like are ASCII only.
var unicodeClasses = map[string]string{
	"alpha": `\p{L}` + otherDigits(),
	"upper": `\p{Lu}`,
	"lower": `\p{Ll}`,
	"alnum": `\p{L}\p{Nd}`,
	"punct": `\p{P}\p{S}\p{No}`,
}

// otherDigits are the decimal digits besides 0-9 as RE2 class ranges:
// glibc's C.UTF-8 counts them as alphabetic, not as digits.
func otherDigits() string {
	var b strings.Builder
	for _, r := range unicode.Nd.R16 {
		for lo := r.Lo; lo <= r.Hi; lo += 10 {
			if lo > '9' {
				fmt.Fprintf(&b, `\x{%x}-\x{%x}`, lo, lo+9)
			}
			if r.Stride != 1 {
				break
			}
		}
	}
	for _, r := range unicode.Nd.R32 {
		fmt.Fprintf(&b, `\x{%x}-\x{%x}`, r.Lo, r.Hi)
	}
	return b.String()
}

// hexRun counts the hex digits s starts with, at most max.
func hexRun(s string, max int) int {
	n := 0
	for n < len(s) && n < max {
		c := s[n]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			break
		}
		n++
	}
	return n
}
