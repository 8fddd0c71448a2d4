package expr

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Text search functions and operators (docs 9.13) with the built-in
// configurations tinybase can stem and the database's own, resolved
// through the session (types.TSConfigFor); the other built-in language
// configurations raise 0A000.
func init() {
	TV, TQ, text := types.TSVector, types.TSQuery, types.Text
	addOp("@@", TV, TQ, types.Bool, func(_ *types.Env, a, b any) (any, error) { return tsMatchText(a, b) })
	addOp("@@", TQ, TV, types.Bool, func(_ *types.Env, a, b any) (any, error) { return tsMatchText(b, a) })
	addOp("||", TV, TV, TV, func(_ *types.Env, a, b any) (any, error) { return tsConcat(a.(string), b.(string)) })
	addOp("&&", TQ, TQ, TQ, func(_ *types.Env, a, b any) (any, error) { return tsqCombine('&', a.(string), b.(string)) })
	addOp("||", TQ, TQ, TQ, func(_ *types.Env, a, b any) (any, error) { return tsqCombine('|', a.(string), b.(string)) })
	addOp("<->", TQ, TQ, TQ, func(_ *types.Env, a, b any) (any, error) { return tsqPhrase(a.(string), b.(string), 1) })
	addPrefix("!!", TQ, TQ, func(_ *types.Env, v any) (any, error) {
		q, err := types.TSQueryOf(v.(string), nil)
		if err != nil || q == nil {
			return v, err
		}
		return types.FormatTSQuery(&types.TSQueryNode{Op: '!', Right: q}), nil
	})
	// text @@ tsquery and text @@ text read the text with the default
	// configuration (and the right text as plainto_tsquery)
	addOp("@@", text, TQ, types.Bool, func(env *types.Env, a, b any) (any, error) {
		c, err := types.DefaultTSConfigFor(env)
		if err != nil {
			return nil, err
		}
		return tsMatchText(c.ToTSVector(a.(string)).String(), b)
	})
	addOp("@@", text, text, types.Bool, func(env *types.Env, a, b any) (any, error) {
		c, err := types.DefaultTSConfigFor(env)
		if err != nil {
			return nil, err
		}
		return tsMatchText(c.ToTSVector(a.(string)).String(), types.FormatTSQuery(c.WordsQuery(b.(string), '&')))
	})
}

// AddTextSearchFuncs adds the text search functions (docs 9.13).
// session.Builtins adds them after AddTextFuncs so that length(unknown)
// keeps resolving to the text function.
func AddTextSearchFuncs(r *Registry) {
	TV, TQ, text := types.TSVector, types.TSQuery, types.Text
	fnEnv := func(name string, args []*types.Type, res *types.Type, f func(env *types.Env, a []any) (any, error)) {
		r.Add(name, FuncImpl{Args: args, Result: Fixed(res), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) { return f(env, a) }})
	}
	fn := func(name string, args []*types.Type, res *types.Type, f func(a []any) (any, error)) {
		fnEnv(name, args, res, func(_ *types.Env, a []any) (any, error) { return f(a) })
	}
	// each text search function has a (config, text) form and a (text)
	// form using default_text_search_config, english; the configuration
	// is a regconfig (its value the name), or text as tinybase also takes it
	withConfig := func(name string, res *types.Type, f func(env *types.Env, c *types.TSConfig, text string) (any, error)) {
		for _, cfg := range []*types.Type{types.Regconfig, text} {
			fnEnv(name, []*types.Type{cfg, text}, res, func(env *types.Env, a []any) (any, error) {
				c, err := types.TSConfigFor(env, a[0].(string))
				if err != nil {
					return nil, err
				}
				return f(env, c, a[1].(string))
			})
		}
		fnEnv(name, []*types.Type{text}, res, func(env *types.Env, a []any) (any, error) {
			c, err := types.DefaultTSConfigFor(env)
			if err != nil {
				return nil, err
			}
			return f(env, c, a[0].(string))
		})
	}
	// ts_lexize(dictionary, token): the dictionary's lexemes, {} for a
	// stop word, NULL for a token it does not know
	fnEnv("ts_lexize", []*types.Type{types.Regdictionary, text}, types.ArrayOf(text), func(env *types.Env, a []any) (any, error) {
		d, err := types.TSDictFor(env, a[0].(string))
		if err != nil {
			return nil, err
		}
		l, r := d.Lexize(a[1].(string))
		switch {
		case r == types.TSUnknown:
			return nil, nil
		case l == "":
			return types.NewArray(text, []any{}), nil
		}
		return types.NewArray(text, []any{l}), nil
	})
	withConfig("to_tsvector", TV, func(_ *types.Env, c *types.TSConfig, s string) (any, error) { return c.ToTSVector(s).String(), nil })
	// the query constructors warn when the query comes out empty: no
	// operand at all (to_tsquery and websearch skip white space, the
	// plain forms take the whole text as one), or only stop words
	query := func(name string, blank func(string) bool, build func(c *types.TSConfig, s string) (*types.TSQueryNode, error)) {
		withConfig(name, TQ, func(env *types.Env, c *types.TSConfig, s string) (any, error) {
			q, err := build(c, s)
			if err != nil || q != nil {
				return types.FormatTSQuery(q), err
			}
			env.NoticeEmptyTSQuery(s, blank(s))
			return "", nil
		})
	}
	spaces := func(s string) bool { return strings.TrimSpace(s) == "" }
	empty := func(s string) bool { return s == "" }
	query("to_tsquery", spaces, func(c *types.TSConfig, s string) (*types.TSQueryNode, error) { return c.ToTSQuery(s) })
	query("plainto_tsquery", empty, func(c *types.TSConfig, s string) (*types.TSQueryNode, error) { return c.WordsQuery(s, '&'), nil })
	query("phraseto_tsquery", empty, func(c *types.TSConfig, s string) (*types.TSQueryNode, error) { return c.WordsQuery(s, '<'), nil })
	query("websearch_to_tsquery", spaces, func(c *types.TSConfig, s string) (*types.TSQueryNode, error) { return c.WebSearchQuery(s), nil })
	fn("length", []*types.Type{TV}, types.Int4, func(a []any) (any, error) {
		v, err := types.TSVectorOf(a[0].(string))
		return int32(len(v)), err
	})
	fn("strip", []*types.Type{TV}, TV, func(a []any) (any, error) {
		v, err := types.TSVectorOf(a[0].(string))
		for i := range v {
			v[i].Pos = nil
		}
		return v.String(), err
	})
	fn("setweight", []*types.Type{TV, types.Char}, TV, func(a []any) (any, error) {
		v, err := types.TSVectorOf(a[0].(string))
		if err != nil {
			return nil, err
		}
		var w uint16
		switch strings.ToUpper(a[1].(string)) {
		case "A":
			w = 3
		case "B":
			w = 2
		case "C":
			w = 1
		case "D":
		default:
			return nil, pgerror.New(pgerror.InvalidParameterValue, "unrecognized weight: %d", int([]byte(a[1].(string) + "\x00")[0]))
		}
		for i := range v {
			for j, p := range v[i].Pos {
				v[i].Pos[j] = p&0x3fff | w<<14
			}
		}
		return v.String(), nil
	})
	// ts_rank and ts_rank_cd([weights,] vector, query [, normalization])
	F4A := types.ArrayOf(types.Float4)
	rank := func(a []any) (any, error) {
		r, err := tsRankArgsOf(a)
		if err != nil {
			return nil, err
		}
		res := types.TSRankWeighted(r.v, r.q, r.w)
		if r.norm {
			res = types.TSRankNorm(res, r.v, r.method)
		}
		return res, nil
	}
	rankCD := func(a []any) (any, error) {
		r, err := tsRankArgsOf(a)
		if err != nil {
			return nil, err
		}
		return types.TSRankCD(r.v, r.q, r.w, r.method), nil
	}
	for _, f := range []struct {
		name string
		fn   func([]any) (any, error)
	}{{"ts_rank", rank}, {"ts_rank_cd", rankCD}} {
		fn(f.name, []*types.Type{TV, TQ}, types.Float4, f.fn)
		fn(f.name, []*types.Type{TV, TQ, types.Int4}, types.Float4, f.fn)
		fn(f.name, []*types.Type{F4A, TV, TQ}, types.Float4, f.fn)
		fn(f.name, []*types.Type{F4A, TV, TQ, types.Int4}, types.Float4, f.fn)
	}
	fn("numnode", []*types.Type{TQ}, types.Int4, func(a []any) (any, error) {
		q, err := types.TSQueryOf(a[0].(string), nil)
		return int32(countTSNodes(q)), err
	})
	fn("querytree", []*types.Type{TQ}, text, func(a []any) (any, error) { return a[0], nil })
	addTextSearchSRFs(r)
	addTSVectorArrayFuncs(r)
	addTSHeadline(r)
	addJSONToTSVector(r)
	addTSRewrite(r)
}

func tsMatchText(vec, query any) (any, error) {
	v, err := types.TSVectorOf(vec.(string))
	if err != nil {
		return nil, err
	}
	q, err := types.TSQueryOf(query.(string), nil)
	if err != nil {
		return nil, err
	}
	return types.TSMatch(v, q), nil
}

// tsConcat is tsvector || tsvector: the right side's positions move past
// the left side's highest position.
func tsConcat(a, b string) (any, error) {
	l, err := types.TSVectorOf(a)
	if err != nil {
		return nil, err
	}
	r, err := types.TSVectorOf(b)
	if err != nil {
		return nil, err
	}
	maxPos := uint16(0)
	for _, lx := range l {
		for _, p := range lx.Pos {
			if p&0x3fff > maxPos {
				maxPos = p & 0x3fff
			}
		}
	}
	all := append(types.TSVectorVal{}, l...)
	for _, lx := range r {
		ps := make([]uint16, len(lx.Pos))
		for i, p := range lx.Pos {
			np := p&0x3fff + maxPos
			if np > 16383 {
				np = 16383
			}
			ps[i] = np | p&0xc000
		}
		all = append(all, types.Lexeme{Word: lx.Word, Pos: ps})
	}
	out, err := types.TSVectorOf(types.TSVectorVal(all).String())
	if err != nil {
		return nil, err
	}
	return out.String(), nil
}

func tsqCombine(op byte, a, b string) (any, error) { return tsqJoin(types.TSQueryNode{Op: op}, a, b) }

// tsqJoin joins two tsqueries under the operator node n; an empty side
// gives the other.
func tsqJoin(n types.TSQueryNode, a, b string) (any, error) {
	l, err := types.TSQueryOf(a, nil)
	if err != nil {
		return nil, err
	}
	r, err := types.TSQueryOf(b, nil)
	if err != nil {
		return nil, err
	}
	switch {
	case l == nil:
		return b, nil
	case r == nil:
		return a, nil
	}
	n.Left, n.Right = l, r
	return types.FormatTSQuery(&n), nil
}

func countTSNodes(q *types.TSQueryNode) int {
	if q == nil {
		return 0
	}
	return 1 + countTSNodes(q.Left) + countTSNodes(q.Right)
}

// tsRankWeightsOf is getWeights: four weights, a negative one meaning the
// default.
// tsRankArgs are the arguments of ts_rank and ts_rank_cd.
type tsRankArgs struct {
	w      [4]float32
	v      types.TSVectorVal
	q      *types.TSQueryNode
	method int32
	norm   bool // a normalization was given
}

// tsRankArgsOf reads ([weights,] vector, query [, normalization]);
// getWeights checks the weights first, as tsrank.c does.
func tsRankArgsOf(a []any) (tsRankArgs, error) {
	r := tsRankArgs{w: types.TSRankDefaultWeights}
	if _, ok := a[0].(*types.Array); ok {
		var err error
		if r.w, err = tsRankWeightsOf(a[0]); err != nil {
			return r, err
		}
		a = a[1:]
	}
	var err error
	if r.v, err = types.TSVectorOf(a[0].(string)); err != nil {
		return r, err
	}
	if r.q, err = types.TSQueryOf(a[1].(string), nil); err != nil {
		return r, err
	}
	if len(a) > 2 {
		r.method, r.norm = a[2].(int32), true
	}
	return r, nil
}

func tsRankWeightsOf(v any) ([4]float32, error) {
	w := types.TSRankDefaultWeights
	arr, _ := v.(*types.Array)
	if arr == nil || len(arr.Dims) != 1 {
		return w, pgerror.New(pgerror.ArraySubscriptError, "array of weight must be one-dimensional")
	}
	if len(arr.Values) < 4 {
		return w, pgerror.New(pgerror.ArraySubscriptError, "array of weight is too short")
	}
	for _, x := range arr.Values {
		if x == nil {
			return w, pgerror.New(pgerror.NullValueNotAllowed, "array of weight must not contain nulls")
		}
	}
	for i := 0; i < 4; i++ {
		if f := float32(bfAsF(arr.Values[i])); f >= 0 {
			w[i] = f
		}
		if w[i] > 1 {
			return w, pgerror.New(pgerror.InvalidParameterValue, "weight out of range")
		}
	}
	return w, nil
}
