// Package pgtext reads values in PostgreSQL's text output format, as
// catalog queries return them (to tinybase's engine sessions and to a real
// PostgreSQL alike): NULL is a nil *string.
package pgtext

import (
	"strconv"
	"strings"
)

// Str is the text, "" for NULL.
func Str(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// Bool reads a boolean ('t' / 'true'); NULL is false.
func Bool(s *string) bool { return s != nil && (*s == "t" || *s == "true") }

// Int reads an integer; NULL and malformed text are 0.
func Int(s *string) int {
	if s == nil {
		return 0
	}
	n, _ := strconv.Atoi(*s)
	return n
}

// Uint32 reads an oid; NULL and malformed text are 0.
func Uint32(s *string) uint32 {
	if s == nil {
		return 0
	}
	n, _ := strconv.ParseUint(*s, 10, 32)
	return uint32(n)
}

// Char reads a "char" column (relkind, contype, ...); NULL is 0.
func Char(s *string) byte {
	if s == nil || *s == "" {
		return 0
	}
	return (*s)[0]
}

// Array splits a one-dimensional array ({a,"b c"}, with optional explicit
// bounds such as [0:1]={25,25}) or a space-separated int2vector /
// oidvector into its elements; NULL is nil.
func Array(s *string) []string {
	if s == nil {
		return nil
	}
	v := strings.TrimSpace(*s)
	if strings.HasPrefix(v, "[") {
		if i := strings.Index(v, "="); i >= 0 {
			v = v[i+1:]
		}
	}
	if v == "" {
		return nil
	}
	if len(v) < 2 || v[0] != '{' {
		return strings.Fields(v)
	}
	v = v[1 : len(v)-1]
	var out []string
	for i := 0; i < len(v); {
		if v[i] == '"' {
			var b strings.Builder
			i++
			for i < len(v) && v[i] != '"' {
				if v[i] == '\\' && i+1 < len(v) {
					i++
				}
				b.WriteByte(v[i])
				i++
			}
			i++ // closing quote
			out = append(out, b.String())
		} else {
			j := strings.IndexByte(v[i:], ',')
			if j < 0 {
				j = len(v) - i
			}
			out = append(out, v[i:i+j])
			i += j
		}
		if i < len(v) && v[i] == ',' {
			i++
		}
	}
	return out
}

// IntArray is Array with integer elements.
func IntArray(s *string) []int {
	var out []int
	for _, e := range Array(s) {
		n, _ := strconv.Atoi(e)
		out = append(out, n)
	}
	return out
}
