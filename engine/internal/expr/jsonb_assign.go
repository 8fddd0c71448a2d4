package expr

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// JSONBSubscript coerces one jsonb subscript as PostgreSQL's
// jsonb_subscript_transform does: an unknown literal is text, any other
// type must coerce implicitly to exactly one of integer and text.
func JSONBSubscript(env *types.Env, e sql.Expression) (sql.Expression, error) {
	t := TypeOf(e)
	if t.Kind == types.KindUnknown {
		return Coerce(env, e, types.Text, types.CastImplicit)
	}
	var target *types.Type
	for _, to := range []*types.Type{types.Int4, types.Text} {
		if !types.CastAllowedIn(env, t, to, types.CastImplicit) {
			continue
		}
		if target != nil {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "subscript type %s is not supported", t.FormatType()).
				WithHint("jsonb subscript must be coercible to only one type, integer or text.")
		}
		target = to
	}
	if target == nil {
		return nil, pgerror.New(pgerror.DatatypeMismatch, "subscript type %s is not supported", t.FormatType()).
			WithHint("jsonb subscript must be coercible to either integer or text.")
	}
	return Coerce(env, e, target, types.CastImplicit)
}

// JSONBAssign is the new value of a jsonb column assigned through
// subscripts, UPDATE ... SET data['a'][0] = v (PostgreSQL docs 8.14.5):
// the value replaces or adds the element the path names, creating the
// missing objects and arrays on the way (a subscript that reads as an
// integer makes an array) and filling gaps in arrays with nulls, as
// jsonb_subscript_assign's setPath with JB_PATH_CREATE, FILL_GAPS and
// CONSISTENT_POSITION does.
type JSONBAssign struct {
	base
	args []sql.Expression // the old value, the subscripts, the new value
	// expectArray: the first subscript is an integer, so a NULL old value
	// starts as an empty array rather than an empty object.
	expectArray bool
}

// NewJSONBAssign builds the assignment over resolved children: c[0] the
// old jsonb value, c[len(c)-1] the new one (already jsonb), the
// subscripts between them (JSONBSubscript).
func NewJSONBAssign(env *types.Env, c []sql.Expression) (sql.Expression, error) {
	a := &JSONBAssign{base: base{typ: types.JSONB}, args: append([]sql.Expression{}, c...)}
	for i := 1; i < len(c)-1; i++ {
		e, err := JSONBSubscript(env, c[i])
		if err != nil {
			return nil, err
		}
		a.args[i] = e
	}
	a.expectArray = TypeOf(a.args[1]).Kind == types.KindInt4
	return a, nil
}

func (a *JSONBAssign) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	n := len(a.args)
	path := make([]string, 0, n-2)
	for _, s := range a.args[1 : n-1] {
		v, err := s.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		switch x := v.(type) {
		case nil:
			return nil, pgerror.New(pgerror.NullValueNotAllowed, "jsonb subscript in assignment must not be null")
		case string:
			path = append(path, x)
		default:
			path = append(path, strconv.FormatInt(bfAsInt(x), 10))
		}
	}
	nv, err := a.args[n-1].Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	var newVal any // SQL NULL assigns JSON null
	if nv != nil {
		newVal = nv.(types.JSONDoc).V
	}
	src, err := a.args[0].Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	var doc any
	switch {
	case src != nil:
		doc = src.(types.JSONDoc).V
	case a.expectArray:
		doc = []any{}
	default:
		doc = types.NewJSONObject(nil, nil)
	}
	out, err := jsonbAssignPath(doc, path, 0, newVal)
	if err != nil {
		return nil, err
	}
	return types.JSONDoc{V: out}, nil
}

// jsonbAssignPath is setPath from level on.
func jsonbAssignPath(v any, path []string, level int, nv any) (any, error) {
	last := len(path) - 1
	switch x := v.(type) {
	case *types.JSONObject:
		key := path[level]
		keys := append([]string{}, x.Keys...)
		vals := append([]any{}, x.Vals...)
		if cur, ok := x.Get(key); ok && level < last {
			sub, err := jsonbAssignPath(cur, path, level+1, nv)
			if err != nil {
				return nil, err
			}
			nv = sub
		} else if !ok && level < last {
			nv = jsonbNewPath(path, level+1, nv)
		}
		return types.NewJSONObject(append(keys, key), append(vals, nv)), nil
	case []any:
		idx, ok := jsonbPathInt(path[level])
		if !ok {
			return nil, pgerror.New(pgerror.InvalidTextRepresentation, "path element at position %d is not an integer: %q", level+1, path[level])
		}
		n := len(x)
		if idx < 0 {
			if -idx > n {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "path element at position %d is out of range: %d", level+1, idx)
			}
			idx += n
		}
		out := append([]any{}, x...)
		if idx < n {
			if level == last {
				out[idx] = nv
				return out, nil
			}
			sub, err := jsonbAssignPath(out[idx], path, level+1, nv)
			if err != nil {
				return nil, err
			}
			out[idx] = sub
			return out, nil
		}
		for len(out) < idx {
			out = append(out, nil)
		}
		if level < last {
			nv = jsonbNewPath(path, level+1, nv)
		}
		return append(out, nv), nil
	}
	return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot replace existing key").
		WithDetail("The path assumes key is a composite object, but it is a scalar value.")
}

// jsonbNewPath is push_path: the objects and arrays path[level:] names,
// nv at the end; an element that reads as an integer n is an array
// holding n nulls before the rest.
func jsonbNewPath(path []string, level int, nv any) any {
	if level == len(path) {
		return nv
	}
	inner := jsonbNewPath(path, level+1, nv)
	if n, ok := jsonbPathInt(path[level]); ok {
		arr := make([]any, 0, max(n, 0)+1)
		for i := 0; i < n; i++ {
			arr = append(arr, nil)
		}
		return append(arr, inner)
	}
	return types.NewJSONObject([]string{path[level]}, []any{inner})
}

// jsonbPathInt reads a path element as strtoint does: optional leading
// whitespace and sign, digits, nothing after, within int32.
func jsonbPathInt(s string) (int, bool) {
	t := strings.TrimLeft(s, " \t\n\r\f\v")
	i, err := strconv.ParseInt(t, 10, 32)
	if err != nil {
		return 0, false
	}
	return int(i), true
}

func (a *JSONBAssign) Children() []sql.Expression { return a.args }
func (a *JSONBAssign) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *a
	n.args = c
	return &n, nil
}
func (a *JSONBAssign) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "(%s)", a.args[0])
	for _, s := range a.args[1 : len(a.args)-1] {
		fmt.Fprintf(&b, "[%s]", s)
	}
	fmt.Fprintf(&b, " := %s", a.args[len(a.args)-1])
	return b.String()
}
