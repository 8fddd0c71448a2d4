package extensions

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// hstoreExt stands in for hstore 1.8 (PostgreSQL docs F.18): the base
// type (types/ext_hstore.go), its operators -> ? ?& ?| @> <@ || - = <>
// %% %#, the constructors hstore(text, text), hstore(text[], text[]),
// hstore(text[]) and hstore(record), the accessors akeys, avals, skeys,
// svals, each, exist, defined, fetchval, slice, delete, and the JSON
// conversions. Its GIN, GiST, btree and hash operator classes are
// accepted in CREATE INDEX; the engine's indexes do not serve @> or ?.
func hstoreExt() *Extension {
	return &Extension{
		Name:        "hstore",
		Version:     "1.8",
		Comment:     "data type for storing sets of (key, value) pairs",
		Relocatable: true,
		BaseTypes:   []string{"hstore"},
		OpClasses: []OpClass{
			{Name: "btree_hstore_ops", Method: "btree", Type: "hstore", Default: true},
			{Name: "hash_hstore_ops", Method: "hash", Type: "hstore", Default: true},
			{Name: "gist_hstore_ops", Method: "gist", Type: "hstore", Default: true, Storage: "ghstore"},
			{Name: "gin_hstore_ops", Method: "gin", Type: "hstore", Default: true, Storage: "text"},
		},
		Funcs:  hstoreFuncs(),
		Script: hstoreScript,
	}
}

const hstoreScript = `
CREATE FUNCTION fetchval(hstore, text) RETURNS text AS 'MODULE_PATHNAME', 'hstore_fetchval' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR -> (LEFTARG = hstore, RIGHTARG = text, PROCEDURE = fetchval);
CREATE FUNCTION slice_array(hstore, text[]) RETURNS text[] AS 'MODULE_PATHNAME', 'hstore_slice_to_array' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR -> (LEFTARG = hstore, RIGHTARG = text[], PROCEDURE = slice_array);
CREATE FUNCTION slice(hstore, text[]) RETURNS hstore AS 'MODULE_PATHNAME', 'hstore_slice_to_hstore' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION isexists(hstore, text) RETURNS bool AS 'MODULE_PATHNAME', 'hstore_exists' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION exist(hstore, text) RETURNS bool AS 'MODULE_PATHNAME', 'hstore_exists' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR ? (LEFTARG = hstore, RIGHTARG = text, PROCEDURE = exist, RESTRICT = contsel, JOIN = contjoinsel);
CREATE FUNCTION exists_any(hstore, text[]) RETURNS bool AS 'MODULE_PATHNAME', 'hstore_exists_any' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR ?| (LEFTARG = hstore, RIGHTARG = text[], PROCEDURE = exists_any, RESTRICT = contsel, JOIN = contjoinsel);
CREATE FUNCTION exists_all(hstore, text[]) RETURNS bool AS 'MODULE_PATHNAME', 'hstore_exists_all' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR ?& (LEFTARG = hstore, RIGHTARG = text[], PROCEDURE = exists_all, RESTRICT = contsel, JOIN = contjoinsel);
CREATE FUNCTION isdefined(hstore, text) RETURNS bool AS 'MODULE_PATHNAME', 'hstore_defined' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION defined(hstore, text) RETURNS bool AS 'MODULE_PATHNAME', 'hstore_defined' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION delete(hstore, text) RETURNS hstore AS 'MODULE_PATHNAME', 'hstore_delete' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION delete(hstore, text[]) RETURNS hstore AS 'MODULE_PATHNAME', 'hstore_delete_array' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION delete(hstore, hstore) RETURNS hstore AS 'MODULE_PATHNAME', 'hstore_delete_hstore' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR - (LEFTARG = hstore, RIGHTARG = text, PROCEDURE = delete);
CREATE OPERATOR - (LEFTARG = hstore, RIGHTARG = text[], PROCEDURE = delete);
CREATE OPERATOR - (LEFTARG = hstore, RIGHTARG = hstore, PROCEDURE = delete);
CREATE FUNCTION hs_concat(hstore, hstore) RETURNS hstore AS 'MODULE_PATHNAME', 'hstore_concat' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR || (LEFTARG = hstore, RIGHTARG = hstore, PROCEDURE = hs_concat);
CREATE FUNCTION hs_contains(hstore, hstore) RETURNS bool AS 'MODULE_PATHNAME', 'hstore_contains' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hs_contained(hstore, hstore) RETURNS bool AS 'MODULE_PATHNAME', 'hstore_contained' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR @> (LEFTARG = hstore, RIGHTARG = hstore, PROCEDURE = hs_contains, COMMUTATOR = '<@', RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR <@ (LEFTARG = hstore, RIGHTARG = hstore, PROCEDURE = hs_contained, COMMUTATOR = '@>', RESTRICT = contsel, JOIN = contjoinsel);
CREATE FUNCTION hstore(text, text) RETURNS hstore AS 'MODULE_PATHNAME', 'hstore_from_text' LANGUAGE c IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION hstore(text[], text[]) RETURNS hstore AS 'MODULE_PATHNAME', 'hstore_from_arrays' LANGUAGE c IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION hstore(text[]) RETURNS hstore AS 'MODULE_PATHNAME', 'hstore_from_array' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hstore(record) RETURNS hstore AS 'MODULE_PATHNAME', 'hstore_from_record' LANGUAGE c IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION hstore_to_json(hstore) RETURNS json AS 'MODULE_PATHNAME', 'hstore_to_json' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hstore_to_json_loose(hstore) RETURNS json AS 'MODULE_PATHNAME', 'hstore_to_json_loose' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hstore_to_jsonb(hstore) RETURNS jsonb AS 'MODULE_PATHNAME', 'hstore_to_jsonb' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hstore_to_jsonb_loose(hstore) RETURNS jsonb AS 'MODULE_PATHNAME', 'hstore_to_jsonb_loose' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hstore_to_array(hstore) RETURNS text[] AS 'MODULE_PATHNAME', 'hstore_to_array' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hstore_to_matrix(hstore) RETURNS text[] AS 'MODULE_PATHNAME', 'hstore_to_matrix' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR %% (RIGHTARG = hstore, PROCEDURE = hstore_to_array);
CREATE OPERATOR %# (RIGHTARG = hstore, PROCEDURE = hstore_to_matrix);
CREATE FUNCTION akeys(hstore) RETURNS text[] AS 'MODULE_PATHNAME', 'hstore_akeys' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION avals(hstore) RETURNS text[] AS 'MODULE_PATHNAME', 'hstore_avals' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION skeys(hstore) RETURNS SETOF text AS 'MODULE_PATHNAME', 'hstore_skeys' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION svals(hstore) RETURNS SETOF text AS 'MODULE_PATHNAME', 'hstore_svals' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION each(hs hstore, OUT key text, OUT value text) RETURNS SETOF record AS 'MODULE_PATHNAME', 'hstore_each' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hstore_eq(hstore, hstore) RETURNS bool AS 'MODULE_PATHNAME', 'hstore_eq' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hstore_ne(hstore, hstore) RETURNS bool AS 'MODULE_PATHNAME', 'hstore_ne' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hstore_cmp(hstore, hstore) RETURNS int4 AS 'MODULE_PATHNAME', 'hstore_cmp' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR = (LEFTARG = hstore, RIGHTARG = hstore, PROCEDURE = hstore_eq, COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, MERGES, HASHES);
CREATE OPERATOR <> (LEFTARG = hstore, RIGHTARG = hstore, PROCEDURE = hstore_ne, COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
`

func hs(a any) *types.Hstore { return a.(*types.Hstore) }

func textArray(vals []string) *types.Array {
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = v
	}
	return types.NewArray(types.Text, out)
}

func strOrNil(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

// arrayStrings reads a text[] argument; its NULL elements are nil.
func arrayStrings(a any) []any {
	if arr, ok := a.(*types.Array); ok {
		return arr.Values
	}
	return nil
}

func hstoreFuncs() map[string]Func {
	cmp := func(a []any) int { return types.CompareExt(a[0], a[1]) }
	return map[string]Func{
		"hstore_fetchval": Scalar(func(a []any) (any, error) {
			v, _ := hs(a[0]).Get(a[1].(string))
			return strOrNil(v), nil
		}),
		"hstore_slice_to_array": Scalar(func(a []any) (any, error) {
			keys := arrayStrings(a[1])
			out := make([]any, len(keys))
			for i, k := range keys {
				if k != nil {
					v, _ := hs(a[0]).Get(k.(string))
					out[i] = strOrNil(v)
				}
			}
			arr := types.NewArray(types.Text, out)
			if src, ok := a[1].(*types.Array); ok {
				arr.Dims, arr.Lower = src.Dims, src.Lower
			}
			return arr, nil
		}),
		"hstore_slice_to_hstore": Scalar(func(a []any) (any, error) {
			var pairs []types.HstorePair
			for _, k := range arrayStrings(a[1]) {
				if k == nil {
					continue
				}
				if v, ok := hs(a[0]).Get(k.(string)); ok {
					pairs = append(pairs, types.HstorePair{Key: k.(string), Val: v})
				}
			}
			return types.NewHstore(pairs, true), nil
		}),
		"hstore_exists": Scalar(func(a []any) (any, error) {
			_, ok := hs(a[0]).Get(a[1].(string))
			return ok, nil
		}),
		"hstore_exists_any": Scalar(func(a []any) (any, error) {
			for _, k := range arrayStrings(a[1]) {
				if k != nil {
					if _, ok := hs(a[0]).Get(k.(string)); ok {
						return true, nil
					}
				}
			}
			return false, nil
		}),
		"hstore_exists_all": Scalar(func(a []any) (any, error) {
			for _, k := range arrayStrings(a[1]) {
				if k == nil {
					continue // NULL keys are ignored
				}
				if _, ok := hs(a[0]).Get(k.(string)); !ok {
					return false, nil
				}
			}
			return true, nil
		}),
		"hstore_defined": Scalar(func(a []any) (any, error) {
			v, ok := hs(a[0]).Get(a[1].(string))
			return ok && v != nil, nil
		}),
		"hstore_delete": Scalar(func(a []any) (any, error) {
			return hstoreWithout(hs(a[0]), func(k string, _ *string) bool { return k == a[1].(string) }), nil
		}),
		"hstore_delete_array": Scalar(func(a []any) (any, error) {
			drop := map[string]bool{}
			for _, k := range arrayStrings(a[1]) {
				if k != nil {
					drop[k.(string)] = true
				}
			}
			return hstoreWithout(hs(a[0]), func(k string, _ *string) bool { return drop[k] }), nil
		}),
		"hstore_delete_hstore": Scalar(func(a []any) (any, error) {
			other := hs(a[1])
			return hstoreWithout(hs(a[0]), func(k string, v *string) bool {
				ov, ok := other.Get(k)
				return ok && sameHstoreVal(v, ov)
			}), nil
		}),
		"hstore_concat": Scalar(func(a []any) (any, error) {
			return types.NewHstore(append(hs(a[0]).Pairs(), hs(a[1]).Pairs()...), false), nil
		}),
		"hstore_contains":  Scalar(func(a []any) (any, error) { return hstoreContains(hs(a[0]), hs(a[1])), nil }),
		"hstore_contained": Scalar(func(a []any) (any, error) { return hstoreContains(hs(a[1]), hs(a[0])), nil }),
		"hstore_from_text": Scalar(func(a []any) (any, error) {
			if a[0] == nil {
				return nil, nil
			}
			p := types.HstorePair{Key: a[0].(string)}
			if a[1] != nil {
				v := a[1].(string)
				p.Val = &v
			}
			return types.NewHstore([]types.HstorePair{p}, true), nil
		}),
		"hstore_from_arrays": Scalar(hstoreFromArrays),
		"hstore_from_array":  Scalar(hstoreFromArray),
		"hstore_from_record": Scalar(func(a []any) (any, error) {
			r, ok := a[0].(*types.RecordVal)
			if !ok {
				return nil, nil
			}
			pairs := make([]types.HstorePair, 0, len(r.Vals))
			for i, v := range r.Vals {
				p := types.HstorePair{Key: r.Names[i]}
				if v != nil {
					s := types.Output(r.Types[i], v, nil)
					p.Val = &s
				}
				pairs = append(pairs, p)
			}
			return types.NewHstore(pairs, true), nil
		}),
		"hstore_to_json": Scalar(func(a []any) (any, error) {
			return types.Input(types.JSON, types.HstoreJSON(hs(a[0]), false), nil)
		}),
		"hstore_to_json_loose": Scalar(func(a []any) (any, error) {
			return types.Input(types.JSON, types.HstoreJSON(hs(a[0]), true), nil)
		}),
		"hstore_to_jsonb": Scalar(func(a []any) (any, error) {
			return types.Input(types.JSONB, types.HstoreJSON(hs(a[0]), false), nil)
		}),
		"hstore_to_jsonb_loose": Scalar(func(a []any) (any, error) {
			return types.Input(types.JSONB, types.HstoreJSON(hs(a[0]), true), nil)
		}),
		"hstore_to_array": Scalar(func(a []any) (any, error) {
			var out []any
			for _, p := range hs(a[0]).Pairs() {
				out = append(out, p.Key, strOrNil(p.Val))
			}
			return types.NewArray(types.Text, out), nil
		}),
		"hstore_to_matrix": Scalar(func(a []any) (any, error) {
			var out []any
			for _, p := range hs(a[0]).Pairs() {
				out = append(out, p.Key, strOrNil(p.Val))
			}
			arr := types.NewArray(types.Text, out)
			if len(out) > 0 {
				arr.Dims, arr.Lower = []int{len(out) / 2, 2}, []int{1, 1}
			}
			return arr, nil
		}),
		"hstore_akeys": Scalar(func(a []any) (any, error) { return textArray(hs(a[0]).Keys), nil }),
		"hstore_avals": Scalar(func(a []any) (any, error) {
			out := make([]any, len(hs(a[0]).Vals))
			for i, v := range hs(a[0]).Vals {
				out[i] = strOrNil(v)
			}
			return types.NewArray(types.Text, out), nil
		}),
		"hstore_skeys": Rows(func(_ context.Context, _ routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
			var rows [][]any
			for _, k := range hs(a[0]).Keys {
				rows = append(rows, []any{k})
			}
			return rows, nil
		}),
		"hstore_svals": Rows(func(_ context.Context, _ routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
			var rows [][]any
			for _, v := range hs(a[0]).Vals {
				rows = append(rows, []any{strOrNil(v)})
			}
			return rows, nil
		}),
		"hstore_each": Rows(func(_ context.Context, _ routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
			var rows [][]any
			for _, p := range hs(a[0]).Pairs() {
				rows = append(rows, []any{p.Key, strOrNil(p.Val)})
			}
			return rows, nil
		}),
		"hstore_eq":  Scalar(func(a []any) (any, error) { return cmp(a) == 0, nil }),
		"hstore_ne":  Scalar(func(a []any) (any, error) { return cmp(a) != 0, nil }),
		"hstore_cmp": Scalar(func(a []any) (any, error) { return int32(cmp(a)), nil }),
	}
}

func sameHstoreVal(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func hstoreWithout(h *types.Hstore, drop func(k string, v *string) bool) *types.Hstore {
	var pairs []types.HstorePair
	for _, p := range h.Pairs() {
		if !drop(p.Key, p.Val) {
			pairs = append(pairs, p)
		}
	}
	return types.NewHstore(pairs, true)
}

// hstoreContains is @>: every pair of b is in a, NULL values matching
// NULL.
func hstoreContains(a, b *types.Hstore) bool {
	for _, p := range b.Pairs() {
		v, ok := a.Get(p.Key)
		if !ok || !sameHstoreVal(v, p.Val) {
			return false
		}
	}
	return true
}

func arrayDims(a any) []int {
	if arr, ok := a.(*types.Array); ok {
		if len(arr.Dims) == 0 && len(arr.Values) > 0 {
			return []int{len(arr.Values)}
		}
		return arr.Dims
	}
	return nil
}

func errArraySubscripts() error {
	return pgerror.New(pgerror.ArraySubscriptError, "wrong number of array subscripts")
}

func errNullKey() error {
	return pgerror.New(pgerror.NullValueNotAllowed, "null value not allowed for hstore key")
}

// hstoreFromArrays is hstore(keys text[], values text[]): values NULL
// gives every key a NULL value.
func hstoreFromArrays(a []any) (any, error) {
	if a[0] == nil {
		return nil, nil
	}
	keys := arrayStrings(a[0])
	if len(arrayDims(a[0])) > 1 {
		return nil, errArraySubscripts()
	}
	var vals []any
	if a[1] != nil {
		if len(arrayDims(a[1])) > 1 {
			return nil, errArraySubscripts()
		}
		vals = arrayStrings(a[1])
		if len(vals) != len(keys) {
			return nil, pgerror.New(pgerror.ArraySubscriptError, "arrays must have same bounds")
		}
	}
	pairs := make([]types.HstorePair, 0, len(keys))
	for i, k := range keys {
		if k == nil {
			return nil, errNullKey()
		}
		p := types.HstorePair{Key: k.(string)}
		if vals != nil && vals[i] != nil {
			v := vals[i].(string)
			p.Val = &v
		}
		pairs = append(pairs, p)
	}
	return types.NewHstore(pairs, true), nil
}

// hstoreFromArray is hstore(text[]): alternating keys and values, or a
// two-column array of pairs.
func hstoreFromArray(a []any) (any, error) {
	vals := arrayStrings(a[0])
	switch dims := arrayDims(a[0]); len(dims) {
	case 0:
	case 1:
		if dims[0]%2 != 0 {
			return nil, pgerror.New(pgerror.ArraySubscriptError, "array must have even number of elements")
		}
	case 2:
		if dims[1] != 2 {
			return nil, pgerror.New(pgerror.ArraySubscriptError, "array must have two columns")
		}
	default:
		return nil, errArraySubscripts()
	}
	pairs := make([]types.HstorePair, 0, len(vals)/2)
	for i := 0; i+1 < len(vals); i += 2 {
		if vals[i] == nil {
			return nil, errNullKey()
		}
		p := types.HstorePair{Key: vals[i].(string)}
		if vals[i+1] != nil {
			v := vals[i+1].(string)
			p.Val = &v
		}
		pairs = append(pairs, p)
	}
	return types.NewHstore(pairs, true), nil
}
