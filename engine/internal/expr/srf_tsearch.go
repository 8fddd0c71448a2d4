package expr

import (
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// tsDefaultParserOID is pg_ts_parser's oid of the default parser.
const tsDefaultParserOID = 3722

func init() {
	textArr := types.ArrayOf(types.Text)
	srfColumns["ts_parse"] = []SRFColumn{{"tokid", types.Int4}, {"token", types.Text}}
	srfColumns["ts_token_type"] = []SRFColumn{{"tokid", types.Int4}, {"alias", types.Text}, {"description", types.Text}}
	srfColumns["ts_debug"] = []SRFColumn{{"alias", types.Text}, {"description", types.Text}, {"token", types.Text},
		{"dictionaries", types.ArrayOf(types.Regdictionary)}, {"dictionary", types.Regdictionary}, {"lexemes", textArr}}
	srfColumns["ts_stat"] = []SRFColumn{{"word", types.Text}, {"ndoc", types.Int4}, {"nentry", types.Int4}}
}

// tsParserByName checks a text search parser name: only the default
// parser exists.
func tsParserByName(name string) error {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "default", "pg_catalog.default":
		return nil
	}
	return pgerror.New(pgerror.UndefinedObject, "text search parser %q does not exist", name)
}

func tsParserByOID(oid uint32) error {
	if oid == tsDefaultParserOID {
		return nil
	}
	return pgerror.New(pgerror.UndefinedObject, "cache lookup failed for text search parser %d", oid)
}

// addTextSearchSRFs adds ts_parse, ts_token_type and ts_debug (docs
// 12.8.1, 9.13 Table 9.44).
func addTextSearchSRFs(r *Registry) {
	text, oid := types.Text, types.Oid
	srf := func(name string, args []*types.Type, f func(a []any) (srfRows, error)) {
		addSRF(r, name, FuncImpl{Args: args, Result: Fixed(types.Record), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			return f(a)
		}})
	}
	parse := func(doc string) srfRows {
		var rows srfRows
		for _, t := range types.TSParse(doc) {
			rows = append(rows, []any{int32(t.Type), t.Text})
		}
		return rows
	}
	srf("ts_parse", []*types.Type{text, text}, func(a []any) (srfRows, error) {
		if err := tsParserByName(a[0].(string)); err != nil {
			return nil, err
		}
		return parse(a[1].(string)), nil
	})
	srf("ts_parse", []*types.Type{oid, text}, func(a []any) (srfRows, error) {
		if err := tsParserByOID(a[0].(uint32)); err != nil {
			return nil, err
		}
		return parse(a[1].(string)), nil
	})
	tokenTypes := func() srfRows {
		var rows srfRows
		for id := 1; id < len(types.TSTokenTypes); id++ {
			rows = append(rows, []any{int32(id), types.TSTokenTypes[id][0], types.TSTokenTypes[id][1]})
		}
		return rows
	}
	srf("ts_token_type", []*types.Type{text}, func(a []any) (srfRows, error) {
		if err := tsParserByName(a[0].(string)); err != nil {
			return nil, err
		}
		return tokenTypes(), nil
	})
	srf("ts_token_type", []*types.Type{oid}, func(a []any) (srfRows, error) {
		if err := tsParserByOID(a[0].(uint32)); err != nil {
			return nil, err
		}
		return tokenTypes(), nil
	})
	debug := func(c *types.TSConfig, doc string) srfRows {
		var rows srfRows
		for _, t := range types.TSParse(doc) {
			tt := types.TSTokenTypes[t.Type]
			dicts, dict, lex, ok := c.Debug(t)
			ds := make([]any, len(dicts))
			for i, d := range dicts {
				ds[i] = d
			}
			if !ok {
				rows = append(rows, []any{tt[0], tt[1], t.Text, types.NewArray(types.Regdictionary, ds), nil, nil})
				continue
			}
			lexemes := []any{}
			if lex != "" {
				lexemes = []any{lex}
			}
			rows = append(rows, []any{tt[0], tt[1], t.Text, types.NewArray(types.Regdictionary, ds), dict, types.NewArray(types.Text, lexemes)})
		}
		return rows
	}
	srfEnv := func(name string, args []*types.Type, f func(env *types.Env, a []any) (srfRows, error)) {
		addSRF(r, name, FuncImpl{Args: args, Result: Fixed(types.Record), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			return f(env, a)
		}})
	}
	for _, cfg := range []*types.Type{types.Regconfig, text} {
		srfEnv("ts_debug", []*types.Type{cfg, text}, func(env *types.Env, a []any) (srfRows, error) {
			c, err := types.TSConfigFor(env, a[0].(string))
			if err != nil {
				return nil, err
			}
			return debug(c, a[1].(string)), nil
		})
	}
	srfEnv("ts_debug", []*types.Type{text}, func(env *types.Env, a []any) (srfRows, error) {
		c, err := types.DefaultTSConfigFor(env)
		if err != nil {
			return nil, err
		}
		return debug(c, a[0].(string)), nil
	})
	stat := func(ctx *sql.Context, query string, weights string) (srfRows, error) {
		cols, rows, err := queryText(ctx, query)
		if err != nil {
			return nil, err
		}
		if len(cols) != 1 || cols[0].Base() != types.TSVector {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "ts_stat query must return one tsvector column")
		}
		return tsStat(rows, weights)
	}
	addSRF(r, "ts_stat", FuncImpl{Args: []*types.Type{text}, Result: Fixed(types.Record), Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
		return stat(ctx, a[0].(string), "")
	}})
	addSRF(r, "ts_stat", FuncImpl{Args: []*types.Type{text, text}, Result: Fixed(types.Record), Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
		return stat(ctx, a[0].(string), a[1].(string))
	}})
	// unnest(tsvector): one row per lexeme, its positions and their
	// weights (NULL, NULL for a lexeme without positions)
	addSRF(r, "unnest", FuncImpl{Args: []*types.Type{types.TSVector}, Result: Fixed(types.Record),
		Columns: []SRFColumn{{"lexeme", text}, {"positions", types.ArrayOf(types.Int2)}, {"weights", types.ArrayOf(text)}},
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			v, err := types.TSVectorOf(a[0].(string))
			if err != nil {
				return nil, err
			}
			rows := make(srfRows, len(v))
			for i, lx := range v {
				rows[i] = []any{lx.Word, nil, nil}
				if len(lx.Pos) == 0 {
					continue
				}
				ps, ws := make([]any, len(lx.Pos)), make([]any, len(lx.Pos))
				for j, p := range lx.Pos {
					ps[j], ws[j] = int16(p&0x3fff), string("DCBA"[p>>14])
				}
				rows[i][1], rows[i][2] = types.NewArray(types.Int2, ps), types.NewArray(text, ws)
			}
			return rows, nil
		}})
}

// tsStat is ts_stat over the query's tsvectors: per lexeme, the documents
// it occurs in and its occurrences (a lexeme without positions counts
// once); with weights, only positions of those weights count. Rows come
// in descending lexeme order, as PostgreSQL walks its tree.
func tsStat(rows [][]any, weights string) (srfRows, error) {
	var mask uint16
	for i := 0; i < len(weights); i++ {
		switch weights[i] {
		case 'A', 'a':
			mask |= 1 << 3
		case 'B', 'b':
			mask |= 1 << 2
		case 'C', 'c':
			mask |= 1 << 1
		case 'D', 'd':
			mask |= 1
		}
	}
	type entry struct{ ndoc, nentry int32 }
	stats := map[string]*entry{}
	for _, row := range rows {
		if row[0] == nil {
			continue
		}
		v, err := types.TSVectorOf(row[0].(string))
		if err != nil {
			return nil, err
		}
		for _, lx := range v {
			n := 0
			switch {
			case mask == 0 && len(lx.Pos) == 0:
				n = 1
			case mask == 0:
				n = len(lx.Pos)
			default:
				for _, p := range lx.Pos {
					if mask&(1<<(p>>14)) != 0 {
						n++
					}
				}
			}
			if n == 0 {
				continue
			}
			e := stats[lx.Word]
			if e == nil {
				e = &entry{}
				stats[lx.Word] = e
			}
			e.ndoc++
			e.nentry += int32(n)
		}
	}
	words := make([]string, 0, len(stats))
	for w := range stats {
		words = append(words, w)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(words)))
	out := make(srfRows, len(words))
	for i, w := range words {
		out[i] = []any{w, stats[w].ndoc, stats[w].nentry}
	}
	return out, nil
}
