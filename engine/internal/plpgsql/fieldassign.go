package plpgsql

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// pg_query's PL/pgSQL parser has no catalog, so it cannot tell that a
// variable declared as tbl%ROWTYPE or record has fields: "r.f := v" is
// rejected with `"r.f" is not a known variable`. PrepareSource rewrites
// each such target into a marker variable, declared with an extra
// DECLARE (which PL/pgSQL's grammar allows) on the line of the first
// BEGIN so line numbers stay; the builder turns assignments to a marker
// back into field assignments.

const fieldMarker = "tinybase_fld_"

var unknownVar = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^"([A-Za-z_][A-Za-z0-9_$]*)\.([A-Za-z_][A-Za-z0-9_$]*)" is not a known variable$`)
})
var firstBegin = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\bBEGIN\b`) })

// PrepareSource returns src (a CREATE FUNCTION ... LANGUAGE plpgsql
// statement) with record field assignment targets rewritten for the parser.
func PrepareSource(src string) string {
	for i := 0; i < 32; i++ {
		_, err := pg.ParsePlPgSqlToJSON(src)
		if err == nil {
			return src
		}
		m := unknownVar().FindStringSubmatch(perrMessage(err))
		if m == nil {
			return src
		}
		next := rewriteField(src, m[1], m[2])
		if next == src {
			return src
		}
		src = next
	}
	return src
}

func perrMessage(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, " (at "); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

func rewriteField(src, rec, field string) string {
	// only at the start of a statement: "r.f = 1" in a condition is a
	// comparison; comments may come between the two
	target := regexp.MustCompile(`(?is)((?:;|\bthen|\belse|\bloop|\bbegin|\bexception|>>)(?:\s|--[^\n]*\n|/\*.*?\*/)*)` + regexp.QuoteMeta(rec) + `\.` + regexp.QuoteMeta(field) + `(\s*:?=)`)
	rec, field = strings.ToLower(rec), strings.ToLower(field)
	marker := fmt.Sprintf("%s%d_%s_%s", fieldMarker, len(rec), rec, field)
	body := strings.Index(src, " AS ")
	if body < 0 {
		return src
	}
	head, rest := src[:body], src[body:]
	loc := firstBegin().FindStringIndex(rest)
	if loc == nil {
		return src
	}
	rewritten := target.ReplaceAllString(rest[loc[0]:], "${1}"+marker+"${2}")
	if rewritten == rest[loc[0]:] {
		return src
	}
	return head + rest[:loc[0]] + fmt.Sprintf("DECLARE %s int; ", marker) + rewritten
}

// fieldTarget decodes a marker variable's name into record and field.
func fieldTarget(name string) (rec, field string, ok bool) {
	if !strings.HasPrefix(name, fieldMarker) {
		return "", "", false
	}
	var n int
	rest := name[len(fieldMarker):]
	if _, err := fmt.Sscanf(rest, "%d_", &n); err != nil {
		return "", "", false
	}
	rest = rest[len(fmt.Sprint(n))+1:]
	if len(rest) < n+2 {
		return "", "", false
	}
	return rest[:n], rest[n+1:], true
}
