package expr

import (
	"fmt"
	"strings"
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
	if !strings.Contains(pat, `\`) {
		return pat
	}
	var b strings.Builder
	inBracket := false
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		if c != '\\' || i+1 >= len(pat) {
			switch {
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
