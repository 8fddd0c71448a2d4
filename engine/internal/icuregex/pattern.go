package regex

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// goPattern returns pattern as Go regexp syntax with flags applied.
func goPattern(pattern string, flags RegexFlags) string {
	switch {
	case flags&RegexFlags_Literal != 0:
		pattern = regexp.QuoteMeta(pattern)
	case flags&RegexFlags_Comments != 0:
		pattern = stripComments(pattern)
	}
	var set strings.Builder
	if flags&RegexFlags_Case_Insensitive != 0 {
		set.WriteByte('i')
	}
	if flags&RegexFlags_Multiline != 0 {
		set.WriteByte('m')
	}
	if flags&RegexFlags_Dot_All != 0 {
		set.WriteByte('s')
	}
	if set.Len() == 0 {
		return pattern
	}
	return "(?" + set.String() + ")" + pattern
}

// stripComments drops the white space and #-comments (to the end of the
// line) of a free-spacing pattern (RegexFlags_Comments), keeping escaped
// characters and \Q...\E quotes as they are.
func stripComments(pattern string) string {
	var b strings.Builder
	for i := 0; i < len(pattern); {
		r, size := utf8.DecodeRuneInString(pattern[i:])
		switch {
		case strings.HasPrefix(pattern[i:], `\Q`):
			end := strings.Index(pattern[i+2:], `\E`)
			if end < 0 {
				b.WriteString(pattern[i:])
				return b.String()
			}
			b.WriteString(pattern[i : i+2+end+2])
			i += 2 + end + 2
		case r == '\\':
			b.WriteByte('\\')
			i++
			if i < len(pattern) {
				_, size = utf8.DecodeRuneInString(pattern[i:])
				b.WriteString(pattern[i : i+size])
				i += size
			}
		case r == '#':
			nl := strings.IndexByte(pattern[i:], '\n')
			if nl < 0 {
				return b.String()
			}
			i += nl + 1
		case unicode.IsSpace(r):
			i += size
		default:
			b.WriteString(pattern[i : i+size])
			i += size
		}
	}
	return b.String()
}

// errUnsupportedFlags is the cause of ErrInvalidRegex for flags this
// package cannot honour.
type errUnsupportedFlags struct{ flags RegexFlags }

func (e errUnsupportedFlags) Error() string {
	if e.flags == RegexFlags_Unicode_Word {
		return "Unicode word boundaries (RegexFlags_Unicode_Word) are not supported"
	}
	return fmt.Sprintf("unsupported regex flags %#x", uint32(e.flags))
}
