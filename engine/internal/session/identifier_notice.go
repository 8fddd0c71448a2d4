package session

import (
	"fmt"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// identifierNotices raises PostgreSQL's NOTICE for each identifier longer
// than 63 bytes in sqlText: the scanner truncates it (pg_query does so
// silently), and PostgreSQL says so.
func (s *Session) identifierNotices(sqlText string) {
	if sqlText == s.shortText {
		return
	}
	if !hasLongWord(sqlText) {
		s.shortText = sqlText
		return
	}
	res, err := pgtree.Scan(sqlText)
	if err != nil {
		return // the parser reports the syntax error
	}
	for _, tok := range res.Tokens {
		if tok.Token != pg.Token_IDENT || int(tok.End) > len(sqlText) || tok.Start < 0 {
			continue
		}
		raw := sqlText[tok.Start:tok.End]
		var name string
		switch {
		case strings.HasPrefix(raw, `"`) && strings.HasSuffix(raw, `"`) && len(raw) >= 2:
			name = strings.ReplaceAll(raw[1:len(raw)-1], `""`, `"`)
		case strings.HasPrefix(raw, `U&"`) || strings.HasPrefix(raw, `u&"`):
			continue // Unicode escapes: left to the parser
		default:
			name = strings.ToLower(raw)
		}
		if short, cut := pgident.Truncate(name); cut {
			s.Notice("NOTICE", pgerror.NameTooLong, fmt.Sprintf("identifier %q will be truncated to %q", name, short))
		}
	}
}

// hasLongWord reports whether text has a run of more than 63 bytes
// without white space or punctuation that ends identifiers (or inside
// double quotes): the only way it can hold an identifier that needs
// truncating.
func hasLongWord(text string) bool {
	run, quoted := 0, false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '"':
			quoted = !quoted
			run++
		case quoted:
			run++
			if run > pgident.MaxLen {
				return true
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '(' || c == ')' || c == ';' || c == '.' || c == '=':
			run = 0
		default:
			run++
			if run > pgident.MaxLen {
				return true
			}
		}
	}
	return false
}
