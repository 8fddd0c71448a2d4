package expr

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// AddOptionsSRF adds pg_options_to_table(text[]), which splits storage
// and foreign-data options ("name=value") into rows; pg_dump reads
// attfdwoptions, fdwoptions and srvoptions through it. An option without
// "=" has a NULL value, as in PostgreSQL. A family of session.Builtins.
func AddOptionsSRF(r *Registry) {
	addSRF(r, "pg_options_to_table", FuncImpl{Args: []*types.Type{types.ArrayOf(types.Text)}, Result: Fixed(types.Record),
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			var rows srfRows
			for _, v := range a[0].(*types.Array).Values {
				s, ok := v.(string)
				if !ok {
					continue
				}
				name, value, found := strings.Cut(s, "=")
				if !found {
					rows = append(rows, []any{name, nil})
					continue
				}
				rows = append(rows, []any{name, value})
			}
			return rows, nil
		}})
}
