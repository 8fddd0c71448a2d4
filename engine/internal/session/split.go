package session

import (
	"strings"

	"github.com/tinybase/tinybase/internal/pgtree"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// SplitStatements splits a script into statements using PostgreSQL's own
// grammar, so semicolons inside strings, comments, dollar-quoted bodies and
// SQL-standard function bodies (BEGIN ATOMIC ... END) are handled as
// PostgreSQL handles them. A script the grammar rejects is split by the
// scanner instead, so the statements before a syntax error still run.
func SplitStatements(script string) ([]Statement, error) {
	parts, err := pg.SplitWithParser(script, false)
	if err != nil {
		if parts, err = pg.SplitWithScanner(script, false); err != nil {
			return nil, pgtree.SyntaxError(err)
		}
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
	if st, ok := unsplitTail(script, off); ok {
		out = append(out, st)
	}
	return out, nil
}

// unsplitTail returns what follows the scanner's last statement when it is
// more than semicolons and comments. libpg_query's splitter silently drops
// a trailing statement with unbalanced parentheses ("create table t(");
// PostgreSQL reports it as a syntax error, so it must reach the parser.
func unsplitTail(script string, off int) (Statement, bool) {
	rest := script[off:]
	if strings.Trim(rest, "; \t\r\n\f\v") == "" {
		return Statement{}, false
	}
	res, err := pgtree.Scan(rest)
	if err != nil {
		return Statement{}, false
	}
	for _, tok := range res.Tokens {
		switch tok.Token {
		case pg.Token_SQL_COMMENT, pg.Token_C_COMMENT, pg.Token_ASCII_59:
			continue
		}
		start := int(tok.Start)
		if start < 0 || start >= len(rest) {
			return Statement{}, false
		}
		return Statement{SQL: strings.TrimSpace(rest[start:]), Offset: off + start}, true
	}
	return Statement{}, false
}
