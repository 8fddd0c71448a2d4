package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/routines"
	"github.com/tinybase/tinybase/engine/internal/types"
)

var _ expr.QueryEnv = (*gmsSession)(nil)

// QueryText runs a query a built-in function was given as text
// (ts_rewrite's and ts_stat's), as PostgreSQL runs it through SPI: in
// the calling statement's session and transaction.
func (g *gmsSession) QueryText(ctx *sql.Context, text string) ([]*types.Type, [][]any, error) {
	rows, err := routines.NewCaller(g.s, ctx).Query(ctx, text, nil, nil)
	if err != nil {
		return nil, nil, err
	}
	cols := make([]*types.Type, len(rows.Columns))
	for i, c := range rows.Columns {
		cols[i] = c.Type
	}
	return cols, rows.Rows, nil
}
