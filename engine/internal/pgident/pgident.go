// Package pgident implements PostgreSQL's identifier length rules: names
// are at most NAMEDATALEN-1 (63) bytes, longer ones are truncated at a
// character boundary (truncate_identifier), and generated names are made
// by truncating their parts (makeObjectName, ChooseRelationName).
package pgident

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxLen is NAMEDATALEN-1, the longest identifier in bytes.
const MaxLen = 63

// clip returns the longest prefix of s of at most n bytes that does not
// split a UTF-8 character (pg_mbcliplen).
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Truncate shortens an identifier to MaxLen bytes; truncated reports
// whether it did (PostgreSQL then raises NOTICE 42622).
func Truncate(s string) (name string, truncated bool) {
	if len(s) <= MaxLen {
		return s, false
	}
	return clip(s, MaxLen), true
}

// MakeObjectName builds name1[_name2][_label] within MaxLen bytes,
// shortening the longer of name1 and name2 first and never the label, as
// makeObjectName does.
func MakeObjectName(name1, name2, label string) string {
	overhead := 0
	if name2 != "" {
		overhead++
	}
	if label != "" {
		overhead += len(label) + 1
	}
	avail := MaxLen - overhead
	n1, n2 := len(name1), len(name2)
	for n1+n2 > avail {
		if n1 > n2 {
			n1--
		} else {
			n2--
		}
	}
	var b strings.Builder
	b.WriteString(clip(name1, n1))
	if name2 != "" {
		b.WriteByte('_')
		b.WriteString(clip(name2, n2))
	}
	if label != "" {
		b.WriteByte('_')
		b.WriteString(label)
	}
	return b.String()
}

// Choose returns the first of MakeObjectName(name1, name2, label),
// then with label1, label2, ... that taken does not report
// (ChooseRelationName, ChooseConstraintName).
func Choose(name1, name2, label string, taken func(string) bool) string {
	name := MakeObjectName(name1, name2, label)
	for pass := 1; taken != nil && taken(name); pass++ {
		name = MakeObjectName(name1, name2, label+strconv.Itoa(pass))
	}
	return name
}

// ColumnsAddition joins column names with underscores for a generated
// index or constraint name, stopping once the result reaches NAMEDATALEN
// bytes (ChooseIndexNameAddition, ChooseForeignKeyConstraintNameAddition).
func ColumnsAddition(cols []string) string {
	var b strings.Builder
	for _, c := range cols {
		if b.Len() > 0 {
			b.WriteByte('_')
		}
		b.WriteString(clip(c, MaxLen))
		if b.Len() >= MaxLen+1 {
			break
		}
	}
	return b.String()
}

// QuoteIfNeeded double-quotes a name that is not a plain lower-case
// identifier, so that regclass input, which folds unquoted names to lower
// case, finds it again ("TagA_id_seq" must not become taga_id_seq).
func QuoteIfNeeded(s string) string {
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r == '_' || i > 0 && (r >= '0' && r <= '9' || r == '$')) {
			return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		}
	}
	if s == "" {
		return `""`
	}
	return s
}

// TempSchemaPrefix starts the name of a session's temporary schema
// (pg_temp_N); "pg_temp" alone names the current session's own.
const TempSchemaPrefix = "pg_temp_"

// IsTempSchema reports whether schema is a session's temporary schema,
// which an unqualified CREATE never picks and whose relations are
// temporary (relpersistence 't').
func IsTempSchema(schema string) bool {
	return strings.HasPrefix(schema, TempSchemaPrefix) && len(schema) > len(TempSchemaPrefix)
}
