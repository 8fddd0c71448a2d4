package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// foldExtLiterals reads an untyped string constant given to an operator
// on an extension base type (embedding <=> '[0.1,...]') once, at
// translation, as PostgreSQL coerces an unknown constant when it parses:
// otherwise the 1536 numbers of a query vector would be parsed again for
// every row an ORDER BY compares. A constant that does not parse is left
// to the run-time cast, which raises its error.
func (t *Translator) foldExtLiterals(o *catalog.Operator, c []sql.Expression) []sql.Expression {
	want := []*types.Type{o.Left, o.Right}
	var out []sql.Expression
	for i, e := range c {
		lit, ok := e.(*expr.Literal)
		if i >= len(want) || !ok || want[i] == nil || want[i].Base().Kind != types.KindExt || expr.TypeOf(lit).OID != types.Unknown.OID {
			continue
		}
		s, ok := lit.Value.(string)
		if !ok {
			continue
		}
		v, err := types.Input(want[i].WithMod(-1), s, t.Env)
		if err != nil {
			continue
		}
		if out == nil {
			out = append([]sql.Expression(nil), c...)
		}
		nl := expr.NewLiteral(want[i].WithMod(-1), v)
		nl.Loc = lit.Loc
		out[i] = nl
	}
	if out == nil {
		return c
	}
	return out
}
