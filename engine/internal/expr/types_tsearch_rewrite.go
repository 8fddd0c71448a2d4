package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// QueryEnv is the session as functions that run a query given as text
// (ts_rewrite's and ts_stat's, SPI in PostgreSQL) see it.
type QueryEnv interface {
	// QueryText runs text in the session and returns its result columns'
	// types and its rows.
	QueryText(ctx *sql.Context, text string) ([]*types.Type, [][]any, error)
}

// queryText runs text through ctx's session.
func queryText(ctx *sql.Context, text string) ([]*types.Type, [][]any, error) {
	if ctx != nil {
		if q, ok := ctx.Session.(QueryEnv); ok {
			return q.QueryText(ctx, text)
		}
	}
	return nil, nil, pgerror.New(pgerror.FeatureNotSupported, "this function needs a session")
}

// addTSRewrite adds ts_rewrite(query, target, substitute) and
// ts_rewrite(query, select) (docs 12.4.2.1).
func addTSRewrite(r *Registry) {
	TQ, text := types.TSQuery, types.Text
	r.Add("ts_rewrite", FuncImpl{Args: []*types.Type{TQ, TQ, TQ}, Result: Fixed(TQ), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		var qs [3]*types.TSQueryNode
		for i := range qs {
			var err error
			if qs[i], err = types.TSQueryOf(a[i].(string), nil); err != nil {
				return nil, err
			}
		}
		if qs[0] == nil || qs[1] == nil {
			return a[0], nil
		}
		return types.FormatTSQuery(types.TSRewrite(qs[0], qs[1], qs[2])), nil
	}})
	r.Add("ts_rewrite", FuncImpl{Args: []*types.Type{TQ, text}, Result: Fixed(TQ), Volatile: true, Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
		q, err := types.TSQueryOf(a[0].(string), nil)
		if err != nil || q == nil {
			return a[0], err
		}
		cols, rows, err := queryText(ctx, a[1].(string))
		if err != nil {
			return nil, err
		}
		if len(cols) != 2 || cols[0].Base() != TQ || cols[1].Base() != TQ {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "ts_rewrite query must return two tsquery columns")
		}
		rw := types.NewTSRewriter(q)
		for _, row := range rows {
			if rw.Done() {
				break
			}
			if row[0] == nil || row[1] == nil {
				continue
			}
			target, err := types.TSQueryOf(row[0].(string), nil)
			if err != nil {
				return nil, err
			}
			subs, err := types.TSQueryOf(row[1].(string), nil)
			if err != nil {
				return nil, err
			}
			rw.Apply(target, subs)
		}
		return types.FormatTSQuery(rw.Result()), nil
	}})
}
