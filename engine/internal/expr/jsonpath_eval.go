package expr

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Evaluation of the SQL/JSON path subset parsed by jsonpath.go, and the
// jsonb_path_* functions and @? / @@ operators built on it.

// jpEval evaluates a path on doc, returning the sequence of items.
type jpEval struct {
	strict bool
	// ignoreStructural is set for the steps after .**, which PostgreSQL
	// runs with structural errors ignored even in strict mode.
	ignoreStructural bool
}

// structural reports how a structural error (a missing key, an accessor
// of the wrong item type) ends: raised, or nothing (strict mode after
// .**), or lax mode's wrapping and unwrapping.
func (e *jpEval) structural() (raise, none bool) {
	return e.strict && !e.ignoreStructural, e.strict && e.ignoreStructural
}

// anyLevels is .**{first to last}: every item at those nesting levels
// of it (level 0 is it), each before the items nested in it, as
// PostgreSQL's executeAnyItem walks a jsonb container.
func anyLevels(it any, level, first, last int, out []any) []any {
	if level >= first && (last < 0 || level <= last) {
		out = append(out, it)
	}
	if last >= 0 && level >= last {
		return out
	}
	switch x := it.(type) {
	case []any:
		for _, el := range x {
			out = anyLevels(el, level+1, first, last, out)
		}
	case *types.JSONObject:
		for _, v := range x.Vals {
			out = anyLevels(v, level+1, first, last, out)
		}
	}
	return out
}

func (e *jpEval) node(n *jpNode, root, cur any) ([]any, error) {
	var items []any
	switch n.kind {
	case '$':
		items = []any{root}
	case '@':
		items = []any{cur}
	default:
		return []any{n.literal}, nil
	}
	for _, st := range n.steps {
		if st.kind == 'R' {
			var next []any
			for _, it := range items {
				next = anyLevels(it, 0, st.levels[0], st.levels[1], next)
			}
			items = next
			if !e.ignoreStructural {
				e = &jpEval{strict: e.strict, ignoreStructural: true}
			}
			continue
		}
		var next []any
		for _, it := range items {
			out, err := e.step(st, it, root)
			if err != nil {
				return nil, err
			}
			next = append(next, out...)
		}
		items = next
	}
	return items, nil
}

func (e *jpEval) step(st jpStep, it any, root any) ([]any, error) {
	switch st.kind {
	case '.':
		switch x := it.(type) {
		case *types.JSONObject:
			if v, ok := x.Get(st.key); ok {
				return []any{v}, nil
			}
			if raise, _ := e.structural(); raise {
				return nil, pgerror.New(pgerror.SQLJSONObjectNotFound, "JSON object does not contain key %q", st.key)
			}
			return nil, nil
		case []any:
			if raise, none := e.structural(); raise {
				return nil, pgerror.New(pgerror.SQLJSONMemberNotFound, "jsonpath member accessor can only be applied to an object")
			} else if none {
				return nil, nil
			}
			// lax mode unwraps one level: an array element that is
			// itself an array has no members
			var out []any
			for _, el := range x {
				if o, ok := el.(*types.JSONObject); ok {
					if v, ok := o.Get(st.key); ok {
						out = append(out, v)
					}
				}
			}
			return out, nil
		}
		if raise, _ := e.structural(); raise {
			return nil, pgerror.New(pgerror.SQLJSONMemberNotFound, "jsonpath member accessor can only be applied to an object")
		}
		return nil, nil
	case '*':
		if x, ok := it.(*types.JSONObject); ok {
			return append([]any(nil), x.Vals...), nil
		}
		if x, ok := it.([]any); ok && !e.strict {
			var out []any
			for _, el := range x {
				if o, ok := el.(*types.JSONObject); ok {
					out = append(out, o.Vals...)
				}
			}
			return out, nil
		}
		return nil, nil
	case 'a':
		if x, ok := it.([]any); ok {
			return append([]any(nil), x...), nil
		}
		if raise, none := e.structural(); raise {
			return nil, pgerror.New(pgerror.SQLJSONArrayNotFound, "jsonpath wildcard array accessor can only be applied to an array")
		} else if none {
			return nil, nil
		}
		return []any{it}, nil
	case '[':
		arr, ok := it.([]any)
		if !ok {
			if raise, none := e.structural(); raise {
				return nil, pgerror.New(pgerror.SQLJSONArrayNotFound, "jsonpath array accessor can only be applied to an array")
			} else if none {
				return nil, nil
			}
			arr = []any{it}
		}
		var out []any
		for _, s := range st.subs {
			from, to := jpResolve(s[0], len(arr)), jpResolve(s[1], len(arr))
			for i := from; i <= to; i++ {
				if i < 0 || i >= len(arr) {
					if raise, _ := e.structural(); raise {
						return nil, pgerror.New(pgerror.InvalidSQLJSONSubscript, "jsonpath array subscript is out of bounds")
					}
					continue
				}
				out = append(out, arr[i])
			}
		}
		return out, nil
	case '?':
		cands := []any{it}
		if x, ok := it.([]any); ok && !e.strict {
			cands = x
		}
		var out []any
		for _, c := range cands {
			ok, err := e.pred(st.pred, root, c)
			if err != nil {
				return nil, err
			}
			if ok == jpTrue {
				out = append(out, c)
			}
		}
		return out, nil
	case 'm':
		switch st.method {
		case "size":
			if x, ok := it.([]any); ok {
				return []any{decimal.NewFromInt(int64(len(x)))}, nil
			}
			if raise, none := e.structural(); raise {
				return nil, pgerror.New(pgerror.SQLJSONArrayNotFound, "jsonpath item method .size() can only be applied to an array")
			} else if none {
				return nil, nil
			}
			return []any{decimal.NewFromInt(1)}, nil
		case "type":
			return []any{jsonPathType(it)}, nil
		}
	}
	return nil, nil
}

func jpResolve(ix jpIndex, n int) int {
	if ix.last {
		return n - 1 - ix.n
	}
	return ix.n
}

func jsonPathType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case decimal.Decimal:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

type jpBool uint8

const (
	jpFalse jpBool = iota
	jpTrue
	jpUnknown
)

func (e *jpEval) pred(p *jpPred, root, cur any) (jpBool, error) {
	switch p.op {
	case "&&":
		l, err := e.pred(p.left, root, cur)
		if err != nil || l == jpFalse {
			return jpFalse, err
		}
		r, err := e.pred(p.right, root, cur)
		if err != nil {
			return jpFalse, err
		}
		if l == jpTrue && r == jpTrue {
			return jpTrue, nil
		}
		if r == jpFalse {
			return jpFalse, nil
		}
		return jpUnknown, nil
	case "||":
		l, err := e.pred(p.left, root, cur)
		if err != nil || l == jpTrue {
			return jpTrue, err
		}
		r, err := e.pred(p.right, root, cur)
		if err != nil {
			return jpFalse, err
		}
		if r == jpTrue {
			return jpTrue, nil
		}
		if l == jpUnknown || r == jpUnknown {
			return jpUnknown, nil
		}
		return jpFalse, nil
	case "!":
		v, err := e.pred(p.left, root, cur)
		switch {
		case err != nil:
			return jpFalse, err
		case v == jpUnknown:
			return jpUnknown, nil
		case v == jpTrue:
			return jpFalse, nil
		}
		return jpTrue, nil
	case "exists":
		items, err := e.node(p.a, root, cur)
		if err != nil {
			return jpUnknown, nil
		}
		if len(items) > 0 {
			return jpTrue, nil
		}
		return jpFalse, nil
	}
	left, err := e.node(p.a, root, cur)
	if err != nil {
		return jpUnknown, nil
	}
	left = e.unwrap(left)
	var right []any
	if p.b != nil {
		if right, err = e.node(p.b, root, cur); err != nil {
			return jpUnknown, nil
		}
		right = e.unwrap(right)
	}
	found, unknown := false, false
	for _, l := range left {
		switch p.op {
		case "like_regex":
			s, ok := l.(string)
			if !ok {
				unknown = true
				continue
			}
			if p.re.MatchString(s) {
				found = true
			}
		case "starts":
			for _, r := range right {
				ls, ok1 := l.(string)
				rs, ok2 := r.(string)
				if !ok1 || !ok2 {
					unknown = true
					continue
				}
				if strings.HasPrefix(ls, rs) {
					found = true
				}
			}
		default:
			for _, r := range right {
				if l == nil || r == nil {
					// null equals only null and is not ordered
					eq := l == nil && r == nil
					if p.cmp == "==" && eq || (p.cmp == "!=" || p.cmp == "<>") && !eq {
						found = true
					}
					continue
				}
				c, ok := jpCompare(l, r)
				if !ok {
					unknown = true
					continue
				}
				if compareOps[jpOps[p.cmp]](c) {
					found = true
				}
			}
		}
	}
	switch {
	case found:
		return jpTrue, nil
	case unknown:
		return jpUnknown, nil
	}
	return jpFalse, nil
}

// unwrap is lax mode's automatic unwrapping of arrays in comparisons.
func (e *jpEval) unwrap(items []any) []any {
	if e.strict {
		return items
	}
	var out []any
	for _, it := range items {
		if a, ok := it.([]any); ok {
			out = append(out, a...)
			continue
		}
		out = append(out, it)
	}
	return out
}

var jpOps = map[string]string{"==": "=", "!=": "<>", "<>": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

// jpCompare orders two scalar JSON items of the same kind.
func jpCompare(a, b any) (int, bool) {
	switch x := a.(type) {
	case bool:
		y, ok := b.(bool)
		if !ok {
			return 0, false
		}
		switch {
		case x == y:
			return 0, true
		case !x:
			return -1, true
		}
		return 1, true
	case decimal.Decimal:
		y, ok := b.(decimal.Decimal)
		if !ok {
			return 0, false
		}
		return x.Cmp(y), true
	case string:
		y, ok := b.(string)
		if !ok {
			return 0, false
		}
		return strings.Compare(x, y), true
	}
	return 0, false
}

// jpRun evaluates jsonb path a[1] over document a[0].
func jpRun(a []any) (*jpPath, []any, error) {
	path, err := parseJSONPath(a[1].(string))
	if err != nil {
		return nil, nil, err
	}
	doc := a[0].(types.JSONDoc).V
	if path.pred != nil {
		return path, nil, nil
	}
	e := &jpEval{strict: path.strict}
	items, err := e.node(path.root, doc, doc)
	return path, items, err
}

// jpMatch is jsonb_path_match(a[0], a[1]) and the @@ operator.
func jpMatch(a []any) (any, error) {
	path, err := parseJSONPath(a[1].(string))
	if err != nil {
		return nil, err
	}
	doc := a[0].(types.JSONDoc).V
	e := &jpEval{strict: path.strict}
	if path.pred != nil {
		v, err := e.pred(path.pred, doc, doc)
		if err != nil || v == jpUnknown {
			return nil, err
		}
		return v == jpTrue, nil
	}
	items, err := e.node(path.root, doc, doc)
	if err != nil {
		return nil, err
	}
	if len(items) == 1 {
		if b, ok := items[0].(bool); ok {
			return b, nil
		}
		if items[0] == nil {
			return nil, nil
		}
	}
	return nil, pgerror.New(pgerror.SingletonSQLJSONItemRequired, "single boolean result is expected")
}

// jpExists is jsonb_path_exists(a[0], a[1]) and the @? operator.
func jpExists(a []any) (any, error) {
	path, items, err := jpRun(a)
	if err != nil {
		return nil, err
	}
	if path.pred != nil {
		return true, nil
	}
	return len(items) > 0, nil
}

// jpSilent is the @? and @@ operators: jsonb_path_exists and
// jsonb_path_match with silent true, so an error evaluating the path (a
// missing key in strict mode, a result that is not one boolean) makes
// NULL; a path that does not parse is still an error.
func jpSilent(f func(a []any) (any, error)) func(_ *types.Env, x, y any) (any, error) {
	return func(_ *types.Env, x, y any) (any, error) {
		if _, err := parseJSONPath(y.(string)); err != nil {
			return nil, err
		}
		v, err := f([]any{x, y})
		if err != nil {
			return nil, nil
		}
		return v, nil
	}
}

func init() {
	J, T := types.JSONB, types.Text
	addOp("@?", J, T, types.Bool, jpSilent(jpExists))
	addOp("@@", J, T, types.Bool, jpSilent(jpMatch))
}

// AddJSONPathFuncs adds the SQL/JSON path functions (docs 9.16.2).
// A family of session.Builtins.
func AddJSONPathFuncs(r *Registry) {
	J, T := types.JSONB, types.Text
	run, match, exists := jpRun, jpMatch, jpExists
	fn := func(name string, res *types.Type, f func(a []any) (any, error)) {
		r.Add(name, FuncImpl{Args: []*types.Type{J, T}, Result: Fixed(res), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return f(a) }})
	}
	fn("jsonb_path_query_array", J, func(a []any) (any, error) {
		path, items, err := run(a)
		if err != nil {
			return nil, err
		}
		if path.pred != nil {
			v, _ := match(a)
			return types.JSONDoc{V: []any{v}}, nil
		}
		if items == nil {
			items = []any{}
		}
		return types.JSONDoc{V: items}, nil
	})
	fn("jsonb_path_query_first", J, func(a []any) (any, error) {
		path, items, err := run(a)
		if err != nil {
			return nil, err
		}
		if path.pred != nil {
			v, _ := match(a)
			return types.JSONDoc{V: v}, nil
		}
		if len(items) == 0 {
			return nil, nil
		}
		return types.JSONDoc{V: items[0]}, nil
	})
	fn("jsonb_path_exists", types.Bool, exists)
	fn("jsonb_path_match", types.Bool, match)
	addSRF(r, "jsonb_path_query", FuncImpl{Args: []*types.Type{J, T}, Result: Fixed(J), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		path, items, err := run(a)
		if err != nil {
			return nil, err
		}
		if path.pred != nil {
			v, _ := match(a)
			items = []any{v}
		}
		rows := make(srfRows, len(items))
		for i, it := range items {
			rows[i] = []any{types.JSONDoc{V: it}}
		}
		return rows, nil
	}})
}
