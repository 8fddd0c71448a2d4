package expr

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/types"
)

// Text search functions and operators (docs 9.13) for the 'simple'
// configuration: words are lower-cased and kept, with no stop words and
// no stemming. The language configurations (english, the default
// default_text_search_config, and the other snowball ones) are not
// supported yet and raise 0A000. This file sorts after funcs_text.go so
// that length(unknown) keeps resolving to the text function.
func init() {
	TV, TQ, text := types.TSVector, types.TSQuery, types.Text
	addOp("@@", TV, TQ, types.Bool, func(_ *types.Env, a, b any) (any, error) { return tsMatchText(a, b) })
	addOp("@@", TQ, TV, types.Bool, func(_ *types.Env, a, b any) (any, error) { return tsMatchText(b, a) })
	addOp("||", TV, TV, TV, func(_ *types.Env, a, b any) (any, error) { return tsConcat(a.(string), b.(string)) })
	addOp("&&", TQ, TQ, TQ, func(_ *types.Env, a, b any) (any, error) { return tsqCombine('&', a.(string), b.(string)) })
	addOp("||", TQ, TQ, TQ, func(_ *types.Env, a, b any) (any, error) { return tsqCombine('|', a.(string), b.(string)) })
	addPrefix("!!", TQ, TQ, func(_ *types.Env, v any) (any, error) {
		q, err := types.TSQueryOf(v.(string), nil)
		if err != nil || q == nil {
			return v, err
		}
		return types.FormatTSQuery(&types.TSQueryNode{Op: '!', Right: q}), nil
	})

	fn := func(name string, args []*types.Type, res *types.Type, f func(a []any) (any, error)) {
		AddFunc(name, FuncImpl{Args: args, Result: Fixed(res), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return f(a) }})
	}
	fn("to_tsvector", []*types.Type{text, text}, TV, func(a []any) (any, error) {
		if err := tsConfig(a[0].(string)); err != nil {
			return nil, err
		}
		return types.ToTSVectorSimple(a[1].(string)).String(), nil
	})
	fn("to_tsvector", []*types.Type{text}, TV, func([]any) (any, error) { return nil, tsConfig("english") })
	fn("to_tsquery", []*types.Type{text, text}, TQ, func(a []any) (any, error) {
		if err := tsConfig(a[0].(string)); err != nil {
			return nil, err
		}
		q, err := types.TSQueryOf(a[1].(string), strings.ToLower)
		if err != nil {
			return nil, err
		}
		return types.FormatTSQuery(q), nil
	})
	fn("to_tsquery", []*types.Type{text}, TQ, func([]any) (any, error) { return nil, tsConfig("english") })
	for name, op := range map[string]byte{"plainto_tsquery": '&', "phraseto_tsquery": '<'} {
		op := op
		fn(name, []*types.Type{text, text}, TQ, func(a []any) (any, error) {
			if err := tsConfig(a[0].(string)); err != nil {
				return nil, err
			}
			var q *types.TSQueryNode
			for _, w := range types.TSParseWords(a[1].(string)) {
				n := &types.TSQueryNode{Word: w}
				if q == nil {
					q = n
				} else {
					q = &types.TSQueryNode{Op: op, Dist: 1, Left: q, Right: n}
				}
			}
			return types.FormatTSQuery(q), nil
		})
		fn(name, []*types.Type{text}, TQ, func([]any) (any, error) { return nil, tsConfig("english") })
	}
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
	fn("numnode", []*types.Type{TQ}, types.Int4, func(a []any) (any, error) {
		q, err := types.TSQueryOf(a[0].(string), nil)
		return int32(countTSNodes(q)), err
	})
	fn("querytree", []*types.Type{TQ}, text, func(a []any) (any, error) { return a[0], nil })
}

// tsConfig accepts the 'simple' configuration and reports the others.
func tsConfig(name string) error {
	n := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(name)), "pg_catalog.")
	switch n {
	case "simple":
		return nil
	case "arabic", "armenian", "basque", "catalan", "danish", "dutch", "english", "finnish", "french",
		"german", "greek", "hindi", "hungarian", "indonesian", "irish", "italian", "lithuanian", "nepali",
		"norwegian", "portuguese", "romanian", "russian", "serbian", "spanish", "swedish", "tamil", "turkish", "yiddish":
		return pgerror.New(pgerror.FeatureNotSupported, "text search configuration %q is not supported yet", n).
			WithHint("Only the 'simple' configuration is available; pass it explicitly, e.g. to_tsvector('simple', ...).")
	}
	return pgerror.New(pgerror.UndefinedObject, "text search configuration %q does not exist", name)
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

func tsqCombine(op byte, a, b string) (any, error) {
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
	return types.FormatTSQuery(&types.TSQueryNode{Op: op, Left: l, Right: r}), nil
}

func countTSNodes(q *types.TSQueryNode) int {
	if q == nil {
		return 0
	}
	return 1 + countTSNodes(q.Left) + countTSNodes(q.Right)
}
