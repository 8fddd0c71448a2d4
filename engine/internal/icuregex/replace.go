package regex

import (
	"strings"
	"unicode/utf8"
)

// expand appends replacement to out with its references to the match m
// resolved as ICU's uregex_appendReplacement does: "$n" is capture group n
// (0 is the whole match; digits are taken while the number stays a group
// of the pattern), "${name}" is the named group, and a backslash makes the
// next character literal. A group that did not participate adds nothing.
func (g *goRegex) expand(out []byte, replacement string, m []int) ([]byte, error) {
	groups := g.re.NumSubexp()
	for i := 0; i < len(replacement); {
		switch c := replacement[i]; c {
		case '\\':
			i++
			if i < len(replacement) {
				_, size := utf8.DecodeRuneInString(replacement[i:])
				out = append(out, replacement[i:i+size]...)
				i += size
			}
		case '$':
			i++
			group := -1
			if i < len(replacement) && replacement[i] == '{' {
				end := strings.IndexByte(replacement[i:], '}')
				if end < 0 {
					return nil, ErrInvalidReplacement.New("missing } after ${")
				}
				name := replacement[i+1 : i+end]
				if group = g.re.SubexpIndex(name); group < 0 {
					return nil, ErrInvalidReplacement.New("no capture group named " + name)
				}
				i += end + 1
			} else {
				for i < len(replacement) && '0' <= replacement[i] && replacement[i] <= '9' {
					d := int(replacement[i] - '0')
					if group < 0 && d > groups {
						return nil, ErrInvalidReplacement.New("no capture group " + replacement[i:i+1])
					}
					if group >= 0 && group*10+d > groups {
						break
					}
					group = max(group, 0)*10 + d
					i++
				}
				if group < 0 {
					return nil, ErrInvalidReplacement.New("'$' not followed by a capture group number or {name}")
				}
			}
			if m[2*group] >= 0 {
				out = append(out, g.text[m[2*group]:m[2*group+1]]...)
			}
		default:
			out = append(out, c)
			i++
		}
	}
	return out, nil
}
