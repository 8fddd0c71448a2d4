package extensions

import (
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ltreeExt stands in for ltree 1.2 (PostgreSQL docs F.23): the types
// ltree, lquery and ltxtquery (types/ext_ltree.go); comparison; @> <@
// (ancestor, descendant), ~ (lquery match), ? (any of lquery[]), @
// (ltxtquery match), || (concatenation), also on ltree[]; subltree,
// subpath, nlevel, index, text2ltree, ltree2text and lca. The GiST
// operator classes are accepted in CREATE INDEX; the engine's indexes
// do not serve the tree operators.
func ltreeExt() *Extension {
	return &Extension{
		Name:        "ltree",
		Version:     "1.2",
		Comment:     "data type for hierarchical tree-like structures",
		Relocatable: true,
		BaseTypes:   []string{"ltree", "lquery", "ltxtquery"},
		OpClasses: []OpClass{
			{Name: "ltree_ops", Method: "btree", Type: "ltree", Default: true},
			{Name: "hash_ltree_ops", Method: "hash", Type: "ltree", Default: true},
			{Name: "gist_ltree_ops", Method: "gist", Type: "ltree", Default: true, Storage: "ltree_gist"},
			{Name: "gist__ltree_ops", Method: "gist", Type: "_ltree", Default: true, Storage: "ltree_gist"},
		},
		Funcs:  ltreeFuncs(),
		Script: ltreeScript(),
	}
}

func ltreeScript() string {
	var b strings.Builder
	for _, op := range vectorCmpOps {
		fmt.Fprintf(&b, "CREATE FUNCTION ltree_%s(ltree, ltree) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", op.name)
		fmt.Fprintf(&b, "CREATE OPERATOR %s (LEFTARG = ltree, RIGHTARG = ltree, PROCEDURE = ltree_%s, COMMUTATOR = '%s', NEGATOR = '%s', RESTRICT = %s, JOIN = %s);\n",
			op.sym, op.name, op.commutator, op.negator, op.restrict, op.join)
	}
	for n := 2; n <= 8; n++ {
		args := strings.TrimSuffix(strings.Repeat("ltree, ", n), ", ")
		fmt.Fprintf(&b, "CREATE FUNCTION lca(%s) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", args)
	}
	b.WriteString(`
CREATE FUNCTION ltree_cmp(ltree, ltree) RETURNS int4 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION subltree(ltree, int4, int4) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION subpath(ltree, int4, int4) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION subpath(ltree, int4) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION index(ltree, ltree) RETURNS int4 AS 'MODULE_PATHNAME', 'ltree_index' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION index(ltree, ltree, int4) RETURNS int4 AS 'MODULE_PATHNAME', 'ltree_index' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION nlevel(ltree) RETURNS int4 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ltree2text(ltree) RETURNS text AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text2ltree(text) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION lca(ltree[]) RETURNS ltree AS 'MODULE_PATHNAME', '_lca' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ltree_isparent(ltree, ltree) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ltree_risparent(ltree, ltree) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR @> (LEFTARG = ltree, RIGHTARG = ltree, PROCEDURE = ltree_isparent, COMMUTATOR = '<@', RESTRICT = ltreeparentsel, JOIN = contjoinsel);
CREATE OPERATOR <@ (LEFTARG = ltree, RIGHTARG = ltree, PROCEDURE = ltree_risparent, COMMUTATOR = '@>', RESTRICT = ltreeparentsel, JOIN = contjoinsel);
CREATE FUNCTION ltree_addltree(ltree, ltree) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ltree_addtext(ltree, text) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ltree_textadd(text, ltree) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR || (LEFTARG = ltree, RIGHTARG = ltree, PROCEDURE = ltree_addltree);
CREATE OPERATOR || (LEFTARG = ltree, RIGHTARG = text, PROCEDURE = ltree_addtext);
CREATE OPERATOR || (LEFTARG = text, RIGHTARG = ltree, PROCEDURE = ltree_textadd);
CREATE FUNCTION ltq_regex(ltree, lquery) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ltq_rregex(lquery, ltree) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR ~ (LEFTARG = ltree, RIGHTARG = lquery, PROCEDURE = ltq_regex, COMMUTATOR = '~', RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR ~ (LEFTARG = lquery, RIGHTARG = ltree, PROCEDURE = ltq_rregex, COMMUTATOR = '~', RESTRICT = contsel, JOIN = contjoinsel);
CREATE FUNCTION lt_q_regex(ltree, lquery[]) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION lt_q_rregex(lquery[], ltree) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR ? (LEFTARG = ltree, RIGHTARG = lquery[], PROCEDURE = lt_q_regex, COMMUTATOR = '?', RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR ? (LEFTARG = lquery[], RIGHTARG = ltree, PROCEDURE = lt_q_rregex, COMMUTATOR = '?', RESTRICT = contsel, JOIN = contjoinsel);
CREATE FUNCTION ltxtq_exec(ltree, ltxtquery) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ltxtq_rexec(ltxtquery, ltree) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR @ (LEFTARG = ltree, RIGHTARG = ltxtquery, PROCEDURE = ltxtq_exec, COMMUTATOR = '@', RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR @ (LEFTARG = ltxtquery, RIGHTARG = ltree, PROCEDURE = ltxtq_rexec, COMMUTATOR = '@', RESTRICT = contsel, JOIN = contjoinsel);
CREATE FUNCTION _ltree_isparent(ltree[], ltree) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION _ltree_risparent(ltree[], ltree) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION _ltq_regex(ltree[], lquery) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION _lt_q_regex(ltree[], lquery[]) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION _ltxtq_exec(ltree[], ltxtquery) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR @> (LEFTARG = ltree[], RIGHTARG = ltree, PROCEDURE = _ltree_isparent, RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR <@ (LEFTARG = ltree[], RIGHTARG = ltree, PROCEDURE = _ltree_risparent, RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR ~ (LEFTARG = ltree[], RIGHTARG = lquery, PROCEDURE = _ltq_regex, RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR ? (LEFTARG = ltree[], RIGHTARG = lquery[], PROCEDURE = _lt_q_regex, RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR @ (LEFTARG = ltree[], RIGHTARG = ltxtquery, PROCEDURE = _ltxtq_exec, RESTRICT = contsel, JOIN = contjoinsel);
CREATE FUNCTION _ltree_extract_isparent(ltree[], ltree) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION _ltree_extract_risparent(ltree[], ltree) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION _ltq_extract_regex(ltree[], lquery) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION _ltxtq_extract_exec(ltree[], ltxtquery) RETURNS ltree AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR ?@> (LEFTARG = ltree[], RIGHTARG = ltree, PROCEDURE = _ltree_extract_isparent);
CREATE OPERATOR ?<@ (LEFTARG = ltree[], RIGHTARG = ltree, PROCEDURE = _ltree_extract_risparent);
CREATE OPERATOR ?~ (LEFTARG = ltree[], RIGHTARG = lquery, PROCEDURE = _ltq_extract_regex);
CREATE OPERATOR ?@ (LEFTARG = ltree[], RIGHTARG = ltxtquery, PROCEDURE = _ltxtq_extract_exec);
`)
	return b.String()
}

func lt(a any) *types.Ltree { return a.(*types.Ltree) }

func ltreeInvalidPositions() error {
	return pgerror.New(pgerror.InvalidParameterValue, "invalid positions")
}

// subltree is inner_subltree: labels [start, end), end clamped to the
// path's length.
func subltree(t *types.Ltree, start, end int) (any, error) {
	n := len(t.Labels)
	if start < 0 || end < 0 || start >= n || start > end {
		return nil, ltreeInvalidPositions()
	}
	end = min(end, n)
	return &types.Ltree{Labels: append([]string(nil), t.Labels[start:end]...)}, nil
}

// isParent reports whether a is b or an ancestor of it.
func isParent(a, b *types.Ltree) bool {
	if len(a.Labels) > len(b.Labels) {
		return false
	}
	for i, l := range a.Labels {
		if b.Labels[i] != l {
			return false
		}
	}
	return true
}

// lca is the longest common ancestor: the common prefix, at most one
// label shorter than the shortest path; NULL when a path is empty.
func lca(paths []*types.Ltree) any {
	if len(paths) == 0 {
		return nil
	}
	num := len(paths[0].Labels) - 1
	for _, p := range paths {
		if len(p.Labels) == 0 {
			return nil
		}
		num = min(num, len(p.Labels)-1)
		for i := 0; i < num; i++ {
			if p.Labels[i] != paths[0].Labels[i] {
				num = i
				break
			}
		}
	}
	if num < 0 {
		num = 0
	}
	return &types.Ltree{Labels: append([]string(nil), paths[0].Labels[:num]...)}
}

func concatLtree(a, b *types.Ltree) (any, error) {
	return types.NewLtree(append(append([]string(nil), a.Labels...), b.Labels...))
}

// ltreeElems reads an ltree[] or lquery[] argument, refusing NULL
// elements as ltree's array functions do.
func ltreeElems(a any) ([]any, error) {
	arr := a.(*types.Array)
	if len(arr.Dims) > 1 {
		return nil, pgerror.New(pgerror.ArraySubscriptError, "array must be one-dimensional")
	}
	for _, v := range arr.Values {
		if v == nil {
			return nil, pgerror.New(pgerror.NullValueNotAllowed, "array must not contain nulls")
		}
	}
	return arr.Values, nil
}

func anyElem(a any, test func(v any) bool) (any, error) {
	vals, err := ltreeElems(a)
	if err != nil {
		return nil, err
	}
	for _, v := range vals {
		if test(v) {
			return true, nil
		}
	}
	return false, nil
}

func ltreeFuncs() map[string]Func {
	m := map[string]Func{}
	for _, op := range vectorCmpOps {
		test := op.test
		m["ltree_"+op.name] = Scalar(func(a []any) (any, error) { return test(types.CompareLtree(lt(a[0]), lt(a[1]))), nil })
	}
	m["ltree_cmp"] = Scalar(func(a []any) (any, error) { return int32(types.CompareLtree(lt(a[0]), lt(a[1]))), nil })
	m["subltree"] = Scalar(func(a []any) (any, error) { return subltree(lt(a[0]), int(a[1].(int32)), int(a[2].(int32))) })
	m["subpath"] = Scalar(func(a []any) (any, error) {
		t := lt(a[0])
		n := len(t.Labels)
		start := int(a[1].(int32))
		if start < 0 {
			start += n
		}
		end := 0xffff
		if len(a) == 3 {
			switch l := int(a[2].(int32)); {
			case l < 0:
				end = n + l
			case l == 0:
				end = start
			default:
				end = start + l
			}
		}
		return subltree(t, start, end)
	})
	m["ltree_index"] = Scalar(func(a []any) (any, error) {
		x, y := lt(a[0]), lt(a[1])
		start := 0
		if len(a) == 3 {
			start = int(a[2].(int32))
			if start < 0 {
				if -start >= len(x.Labels) {
					start = 0
				} else {
					start += len(x.Labels)
				}
			}
		}
		if len(y.Labels) == 0 {
			return int32(-1), nil
		}
		for i := start; i <= len(x.Labels)-len(y.Labels); i++ {
			if isParent(y, &types.Ltree{Labels: x.Labels[i:]}) {
				return int32(i), nil
			}
		}
		return int32(-1), nil
	})
	m["nlevel"] = Scalar(func(a []any) (any, error) { return int32(len(lt(a[0]).Labels)), nil })
	m["ltree2text"] = Scalar(func(a []any) (any, error) { return lt(a[0]).String(), nil })
	m["text2ltree"] = Scalar(func(a []any) (any, error) { return types.ParseLtree(a[0].(string)) })
	m["lca"] = Scalar(func(a []any) (any, error) {
		paths := make([]*types.Ltree, len(a))
		for i, v := range a {
			paths[i] = lt(v)
		}
		return lca(paths), nil
	})
	m["_lca"] = Scalar(func(a []any) (any, error) {
		vals, err := ltreeElems(a[0])
		if err != nil {
			return nil, err
		}
		paths := make([]*types.Ltree, len(vals))
		for i, v := range vals {
			paths[i] = lt(v)
		}
		return lca(paths), nil
	})
	m["ltree_isparent"] = Scalar(func(a []any) (any, error) { return isParent(lt(a[0]), lt(a[1])), nil })
	m["ltree_risparent"] = Scalar(func(a []any) (any, error) { return isParent(lt(a[1]), lt(a[0])), nil })
	m["ltree_addltree"] = Scalar(func(a []any) (any, error) { return concatLtree(lt(a[0]), lt(a[1])) })
	m["ltree_addtext"] = Scalar(func(a []any) (any, error) {
		b, err := types.ParseLtree(a[1].(string))
		if err != nil {
			return nil, err
		}
		return concatLtree(lt(a[0]), b)
	})
	m["ltree_textadd"] = Scalar(func(a []any) (any, error) {
		b, err := types.ParseLtree(a[0].(string))
		if err != nil {
			return nil, err
		}
		return concatLtree(b, lt(a[1]))
	})
	m["ltq_regex"] = Scalar(func(a []any) (any, error) { return a[1].(*types.Lquery).Match(lt(a[0])), nil })
	m["ltq_rregex"] = Scalar(func(a []any) (any, error) { return a[0].(*types.Lquery).Match(lt(a[1])), nil })
	anyQuery := func(path *types.Ltree, qs any) (any, error) {
		return anyElem(qs, func(v any) bool { return v.(*types.Lquery).Match(path) })
	}
	m["lt_q_regex"] = Scalar(func(a []any) (any, error) { return anyQuery(lt(a[0]), a[1]) })
	m["lt_q_rregex"] = Scalar(func(a []any) (any, error) { return anyQuery(lt(a[1]), a[0]) })
	m["ltxtq_exec"] = Scalar(func(a []any) (any, error) { return a[1].(*types.Ltxtquery).Match(lt(a[0])), nil })
	m["ltxtq_rexec"] = Scalar(func(a []any) (any, error) { return a[0].(*types.Ltxtquery).Match(lt(a[1])), nil })
	m["_ltree_isparent"] = Scalar(func(a []any) (any, error) {
		return anyElem(a[0], func(v any) bool { return isParent(lt(v), lt(a[1])) })
	})
	m["_ltree_risparent"] = Scalar(func(a []any) (any, error) {
		return anyElem(a[0], func(v any) bool { return isParent(lt(a[1]), lt(v)) })
	})
	m["_ltq_regex"] = Scalar(func(a []any) (any, error) {
		return anyElem(a[0], func(v any) bool { return a[1].(*types.Lquery).Match(lt(v)) })
	})
	m["_lt_q_regex"] = Scalar(func(a []any) (any, error) {
		qs, err := ltreeElems(a[1])
		if err != nil {
			return nil, err
		}
		return anyElem(a[0], func(v any) bool {
			for _, q := range qs {
				if q.(*types.Lquery).Match(lt(v)) {
					return true
				}
			}
			return false
		})
	})
	m["_ltxtq_exec"] = Scalar(func(a []any) (any, error) {
		return anyElem(a[0], func(v any) bool { return a[1].(*types.Ltxtquery).Match(lt(v)) })
	})
	// ?@> ?<@ ?~ ?@: the first element satisfying the test, or NULL
	first := func(test func(a []any, v any) bool) Func {
		return Scalar(func(a []any) (any, error) {
			vals, err := ltreeElems(a[0])
			if err != nil {
				return nil, err
			}
			for _, v := range vals {
				if test(a, v) {
					return v, nil
				}
			}
			return nil, nil
		})
	}
	m["_ltree_extract_isparent"] = first(func(a []any, v any) bool { return isParent(lt(v), lt(a[1])) })
	m["_ltree_extract_risparent"] = first(func(a []any, v any) bool { return isParent(lt(a[1]), lt(v)) })
	m["_ltq_extract_regex"] = first(func(a []any, v any) bool { return a[1].(*types.Lquery).Match(lt(v)) })
	m["_ltxtq_extract_exec"] = first(func(a []any, v any) bool { return a[1].(*types.Ltxtquery).Match(lt(v)) })
	return m
}
