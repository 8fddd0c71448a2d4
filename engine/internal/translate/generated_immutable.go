package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// stableFuncs are built-ins that are not volatile but not immutable
// either (pg_proc.provolatile 's'), or that touch sequences.
var stableFuncs = map[string]bool{
	"now": true, "statement_timestamp": true, "transaction_timestamp": true,
	"nextval": true, "currval": true, "lastval": true, "setval": true,
}

// checkImmutable rejects a generation expression that calls a function
// that is not immutable (CREATE TABLE docs: "The generation expression can
// only use immutable functions"). current_date and friends are stable.
func checkImmutable(n *pg.Node) {
	if hasNode(n, func(m any) bool {
		switch x := m.(type) {
		case *pg.SQLValueFunction:
			return true
		case *pg.FuncCall:
			parts := names(x.Funcname)
			name := strings.ToLower(parts[len(parts)-1])
			if len(parts) > 1 && !strings.EqualFold(parts[0], "pg_catalog") {
				return false // a schema's own function, not the built-in of that name
			}
			if stableFuncs[name] {
				return true
			}
			for _, f := range expr.Builtins().Overloads(name) {
				if f.Volatile {
					return true
				}
			}
		}
		return false
	}) {
		fail(pgerror.New(pgerror.InvalidObjectDefinition, "generation expression is not immutable"))
	}
}
