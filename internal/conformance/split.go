package conformance

import (
	"fmt"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v5"
)

// Split cuts a script into statements with PostgreSQL's own parser, so
// semicolons inside strings, dollar quotes and function bodies stay put.
// A script that does not parse (it may hold deliberate syntax errors) is
// split at top-level semicolon tokens instead. Comments before and after
// each statement are dropped; they document the case file, not the case.
func Split(text string) ([]string, error) {
	parts, err := pg_query.SplitWithParser(text, true)
	if err != nil {
		parts, err = splitTokens(text)
		if err != nil {
			return nil, err
		}
	}
	var out []string
	for _, p := range parts {
		s, err := trimComments(p)
		if err != nil {
			return nil, err
		}
		if s != "" {
			out = append(out, s)
		}
	}
	return out, nil
}

// splitTokens splits at ';' tokens of the lexer, which, unlike the parser,
// accepts any token sequence.
func splitTokens(text string) ([]string, error) {
	res, err := pg_query.Scan(text)
	if err != nil {
		return nil, fmt.Errorf("scan: %w", err)
	}
	var parts []string
	start := 0
	for _, tok := range res.Tokens {
		if tok.Token == pg_query.Token_ASCII_59 {
			parts = append(parts, text[start:tok.Start])
			start = int(tok.End)
		}
	}
	return append(parts, text[start:]), nil
}

// trimComments returns s without the comments before its first and after
// its last other token; "" when s holds nothing else. Token starts are
// exact; ends are not always (the scanner reports U&'...' constants as
// empty), so the statement ends where its trailing comments begin.
func trimComments(s string) (string, error) {
	res, err := pg_query.Scan(s)
	if err != nil {
		return "", fmt.Errorf("scan: %w", err)
	}
	start, end := -1, len(s)
	for _, tok := range res.Tokens {
		comment := tok.Token == pg_query.Token_SQL_COMMENT || tok.Token == pg_query.Token_C_COMMENT
		switch {
		case !comment && start < 0:
			start, end = int(tok.Start), len(s)
		case !comment:
			end = len(s)
		case start >= 0 && end == len(s):
			end = int(tok.Start)
		}
	}
	if start < 0 {
		return "", nil
	}
	return strings.TrimSpace(s[start:end]), nil
}

// IsOrdered reports whether a statement returns rows in a defined order: a
// SELECT, VALUES or set operation whose outermost level has ORDER BY. Rows of
// anything else (including RETURNING, SHOW and statements that do not parse)
// compare as a multiset.
func IsOrdered(sql string) bool {
	tree, err := pg_query.Parse(sql)
	if err != nil || len(tree.Stmts) != 1 {
		return false
	}
	sel := tree.Stmts[0].GetStmt().GetSelectStmt()
	return sel != nil && len(sel.SortClause) > 0
}
