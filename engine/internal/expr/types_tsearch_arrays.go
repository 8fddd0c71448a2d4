package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// addTSVectorArrayFuncs adds the tsvector functions over arrays and
// lexemes (docs 9.13 Table 9.42): tsvector_to_array, array_to_tsvector,
// ts_delete, ts_filter, tsquery_phrase and get_current_ts_config.
func addTSVectorArrayFuncs(r *Registry) {
	TV, TQ, text := types.TSVector, types.TSQuery, types.Text
	textArr := types.ArrayOf(types.Text)
	fn := func(name string, args []*types.Type, res *types.Type, f func(a []any) (any, error)) {
		r.Add(name, FuncImpl{Args: args, Result: Fixed(res), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return f(a) }})
	}
	fn("tsvector_to_array", []*types.Type{TV}, textArr, func(a []any) (any, error) {
		v, err := types.TSVectorOf(a[0].(string))
		if err != nil {
			return nil, err
		}
		words := make([]any, len(v))
		for i, lx := range v {
			words[i] = lx.Word
		}
		return types.NewArray(types.Text, words), nil
	})
	fn("array_to_tsvector", []*types.Type{textArr}, TV, func(a []any) (any, error) {
		var lx types.TSVectorVal
		for _, w := range a[0].(*types.Array).Values {
			if w == nil {
				return nil, pgerror.New(pgerror.NullValueNotAllowed, "lexeme array may not contain nulls")
			}
			if w.(string) == "" {
				return nil, pgerror.New(pgerror.ZeroLengthCharacterString, "lexeme array may not contain empty strings")
			}
			lx = append(lx, types.Lexeme{Word: w.(string)})
		}
		return types.NormalizeTSVector(lx).String(), nil
	})
	del := func(vec string, words []any) (any, error) {
		v, err := types.TSVectorOf(vec)
		if err != nil {
			return nil, err
		}
		drop := map[string]bool{}
		for _, w := range words {
			if w != nil {
				drop[w.(string)] = true
			}
		}
		out := types.TSVectorVal{}
		for _, lx := range v {
			if !drop[lx.Word] {
				out = append(out, lx)
			}
		}
		return out.String(), nil
	}
	fn("ts_delete", []*types.Type{TV, text}, TV, func(a []any) (any, error) { return del(a[0].(string), []any{a[1]}) })
	fn("ts_delete", []*types.Type{TV, textArr}, TV, func(a []any) (any, error) {
		return del(a[0].(string), a[1].(*types.Array).Values)
	})
	fn("ts_filter", []*types.Type{TV, types.ArrayOf(types.Char)}, TV, func(a []any) (any, error) {
		v, err := types.TSVectorOf(a[0].(string))
		if err != nil {
			return nil, err
		}
		var keep [4]bool
		for _, w := range a[1].(*types.Array).Values {
			if w == nil {
				return nil, pgerror.New(pgerror.NullValueNotAllowed, "weight array may not contain nulls")
			}
			switch s := w.(string); s {
			case "a", "A":
				keep[3] = true
			case "b", "B":
				keep[2] = true
			case "c", "C":
				keep[1] = true
			case "d", "D":
				keep[0] = true
			default:
				return nil, pgerror.New(pgerror.InvalidParameterValue, "unrecognized weight: \"%s\"", s)
			}
		}
		out := types.TSVectorVal{}
		for _, lx := range v {
			var ps []uint16
			for _, p := range lx.Pos {
				if keep[p>>14] {
					ps = append(ps, p)
				}
			}
			if len(ps) > 0 {
				out = append(out, types.Lexeme{Word: lx.Word, Pos: ps})
			}
		}
		return out.String(), nil
	})
	fn("tsquery_phrase", []*types.Type{TQ, TQ}, TQ, func(a []any) (any, error) { return tsqPhrase(a[0].(string), a[1].(string), 1) })
	fn("tsquery_phrase", []*types.Type{TQ, TQ, types.Int4}, TQ, func(a []any) (any, error) {
		return tsqPhrase(a[0].(string), a[1].(string), a[2].(int32))
	})
	r.Add("get_current_ts_config", FuncImpl{Args: []*types.Type{}, Result: Fixed(types.Regconfig), Volatile: true,
		Fn: func(_ *sql.Context, env *types.Env, _ []any) (any, error) {
			c, err := types.DefaultTSConfigFor(env)
			if err != nil {
				return nil, err
			}
			return c.Name, nil
		}})
}

// tsqPhrase is tsquery_phrase and <->: left <dist> right, an empty side
// giving the other.
func tsqPhrase(a, b string, dist int32) (any, error) {
	if dist < 0 || dist > 16384 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "distance in phrase operator must be an integer value between zero and 16384 inclusive")
	}
	return tsqJoin(types.TSQueryNode{Op: '<', Dist: int(dist)}, a, b)
}
