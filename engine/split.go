package engine

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// SplitStatements splits a script into statements using PostgreSQL's own
// scanner, so semicolons inside strings, comments and dollar-quoted bodies
// are handled as PostgreSQL handles them.
func SplitStatements(script string) ([]Statement, error) {
	parts, err := pg.SplitWithScanner(script, false)
	if err != nil {
		return nil, syntaxError(err, script)
	}
	var out []Statement
	off := 0
	for _, p := range parts {
		i := strings.Index(script[off:], p)
		if i < 0 {
			i = 0
		}
		start := off + i
		off = start + len(p)
		trimmed := strings.TrimSpace(p)
		if trimmed == "" {
			continue
		}
		lead := strings.Index(p, trimmed)
		out = append(out, Statement{SQL: trimmed, Offset: start + lead})
	}
	return out, nil
}
