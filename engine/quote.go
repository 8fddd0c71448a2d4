package engine

import "github.com/tinybase/tinybase/engine/internal/pgcatalog"

// QuoteIdent quotes an identifier as quote_ident does (only when
// PostgreSQL would need it), for callers that build SQL around catalog
// names instead of concatenating raw user input.
func QuoteIdent(s string) string { return pgcatalog.QuoteIdent(s) }
