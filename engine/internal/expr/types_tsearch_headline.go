package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// addTSHeadline adds ts_headline over text (docs 12.3.4): ([config,]
// document, query [, options]).
func addTSHeadline(r *Registry) {
	TQ, text := types.TSQuery, types.Text
	headline := func(c *types.TSConfig, doc, query string, opts string) (any, error) {
		q, err := types.TSQueryOf(query, nil)
		if err != nil {
			return nil, err
		}
		o, err := types.ParseHeadlineOptions(opts)
		if err != nil {
			return nil, err
		}
		return c.Headline(doc, q, o), nil
	}
	fn := func(args []*types.Type, f func(a []any) (any, error)) {
		r.Add("ts_headline", FuncImpl{Args: args, Result: Fixed(text), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return f(a) }})
	}
	withConfig := func(a []any) (any, error) {
		c, err := types.TSConfigByName(a[0].(string))
		if err != nil {
			return nil, err
		}
		opts := ""
		if len(a) > 3 {
			opts = a[3].(string)
		}
		return headline(c, a[1].(string), a[2].(string), opts)
	}
	withDefault := func(a []any) (any, error) {
		opts := ""
		if len(a) > 2 {
			opts = a[2].(string)
		}
		return headline(types.DefaultTSConfig, a[0].(string), a[1].(string), opts)
	}
	fn([]*types.Type{text, text, TQ, text}, withConfig)
	fn([]*types.Type{text, text, TQ}, withConfig)
	fn([]*types.Type{text, TQ, text}, withDefault)
	fn([]*types.Type{text, TQ}, withDefault)
}
