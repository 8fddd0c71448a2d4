package expr

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SubscriptPart is one [i] or [lo:hi] of a subscript; Lo/Hi index the
// expression's children, -1 when omitted.
type SubscriptPart struct {
	Slice  bool
	Lo, Hi int
}

// Subscript is array (or jsonb) subscripting (PostgreSQL docs 8.15.3,
// 8.14.5): 1-based by default, out of range yields NULL.
type Subscript struct {
	base
	args  []sql.Expression // the value, then the bounds
	parts []SubscriptPart
	slice bool
	json  bool
	name  bool // name[i] (evalName)
}

// NewSubscript builds value[...] over resolved children: c[0] is the
// value, the parts index the rest.
func NewSubscript(env *types.Env, c []sql.Expression, parts []SubscriptPart) (sql.Expression, error) {
	t := TypeOf(c[0])
	s := &Subscript{args: append([]sql.Expression{}, c...), parts: parts}
	for _, p := range parts {
		s.slice = s.slice || p.Slice
	}
	switch {
	case t.IsArray():
		for i := 1; i < len(c); i++ {
			e, err := Coerce(env, c[i], types.Int4, types.CastImplicit)
			if err != nil {
				return nil, pgerror.New(pgerror.DatatypeMismatch, "array subscript must have type integer")
			}
			s.args[i] = e
		}
		if s.slice {
			s.typ = t.Base()
		} else {
			s.typ = t.Base().Elem
		}
	case t.Base().Kind == types.KindJSONB:
		if s.slice {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "jsonb subscript does not support slices")
		}
		for i := 1; i < len(c); i++ {
			e, err := JSONBSubscript(env, c[i]) // jsonb_assign.go
			if err != nil {
				return nil, err
			}
			s.args[i] = e
		}
		s.json, s.typ = true, types.JSONB
	case t.Base().Kind == types.KindName && !s.slice && len(c) == 2:
		// name is a fixed char[64] in PostgreSQL, subscripted from 0
		// (pg_dump: typname[0] = '_')
		e, err := Coerce(env, c[1], types.Int4, types.CastImplicit)
		if err != nil {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "array subscript must have type integer")
		}
		s.args[1], s.name, s.typ = e, true, types.Char
	default:
		return nil, pgerror.New(pgerror.DatatypeMismatch, "cannot subscript type %s because it does not support subscripting", t.FormatType())
	}
	return s, nil
}

func (s *Subscript) bound(ctx *sql.Context, row sql.Row, i int) (any, bool, error) {
	if i < 0 {
		return nil, false, nil
	}
	v, err := s.args[i].Eval(ctx, row)
	return v, true, err
}

func (s *Subscript) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.args[0].Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if s.json {
		return s.evalJSON(ctx, row, v.(types.JSONDoc).V)
	}
	if s.name {
		return s.evalName(ctx, row, v.(string))
	}
	arr := v.(*types.Array)
	n := len(arr.Dims)
	if !s.slice {
		if len(s.parts) != n {
			return nil, nil
		}
		off, stride := 0, 1
		for k := n - 1; k >= 0; k-- {
			b, _, err := s.bound(ctx, row, s.parts[k].Lo)
			if err != nil || b == nil {
				return nil, err
			}
			i := int(bfAsInt(b)) - arr.Lower[k]
			if i < 0 || i >= arr.Dims[k] {
				return nil, nil
			}
			off += i * stride
			stride *= arr.Dims[k]
		}
		return arr.Values[off], nil
	}
	if len(s.parts) > n {
		// more slice subscripts than dimensions: an empty array
		// (array_get_slice), unless a subscript is NULL
		for _, p := range s.parts {
			for _, i := range []int{p.Lo, p.Hi} {
				if v, ok, err := s.bound(ctx, row, i); err != nil || (ok && v == nil) {
					return nil, err
				}
			}
		}
		return &types.Array{Elem: arr.Elem}, nil
	}
	lo, hi := make([]int, n), make([]int, n)
	for k := 0; k < n; k++ {
		lo[k], hi[k] = arr.Lower[k], arr.Lower[k]+arr.Dims[k]-1
		if k >= len(s.parts) {
			continue
		}
		p := s.parts[k]
		lv, lok, err := s.bound(ctx, row, p.Lo)
		if err != nil {
			return nil, err
		}
		hv, hok, err := s.bound(ctx, row, p.Hi)
		if err != nil {
			return nil, err
		}
		if (lok && lv == nil) || (hok && hv == nil) {
			return nil, nil
		}
		if !p.Slice {
			// a plain subscript inside a slice means 1:i
			hv, hok, lv, lok = lv, lok, int32(1), true
		}
		if lok && int(bfAsInt(lv)) > lo[k] {
			lo[k] = int(bfAsInt(lv))
		}
		if hok && int(bfAsInt(hv)) < hi[k] {
			hi[k] = int(bfAsInt(hv))
		}
		if lo[k] > hi[k] {
			return &types.Array{Elem: arr.Elem}, nil
		}
	}
	out := &types.Array{Elem: arr.Elem}
	for k := 0; k < n; k++ {
		out.Dims = append(out.Dims, hi[k]-lo[k]+1)
		out.Lower = append(out.Lower, 1)
	}
	idx := append([]int{}, lo...)
	for {
		off, stride := 0, 1
		for k := n - 1; k >= 0; k-- {
			off += (idx[k] - arr.Lower[k]) * stride
			stride *= arr.Dims[k]
		}
		out.Values = append(out.Values, arr.Values[off])
		k := n - 1
		for k >= 0 {
			idx[k]++
			if idx[k] <= hi[k] {
				break
			}
			idx[k] = lo[k]
			k--
		}
		if k < 0 {
			break
		}
	}
	return out, nil
}

func (s *Subscript) evalJSON(ctx *sql.Context, row sql.Row, cur any) (any, error) {
	for _, p := range s.parts {
		b, _, err := s.bound(ctx, row, p.Lo)
		if err != nil || b == nil {
			return nil, err
		}
		switch x := cur.(type) {
		case *types.JSONObject:
			key, ok := b.(string)
			if !ok {
				key = types.Output(TypeOf(s.args[p.Lo]), b, nil)
			}
			v, found := x.Get(key)
			if !found {
				return nil, nil
			}
			cur = v
		case []any:
			var i int
			if str, isText := b.(string); isText {
				// a text subscript reads an array element when it reads
				// as an integer (jsonb_get_element)
				n, ok := jsonbPathInt(str)
				if !ok {
					return nil, nil
				}
				i = n
			} else {
				i64, ok := asInt64(b)
				if !ok {
					return nil, nil
				}
				i = int(i64)
			}
			if i < 0 {
				i += len(x)
			}
			if i < 0 || i >= len(x) {
				return nil, nil
			}
			cur = x[i]
		default:
			return nil, nil
		}
	}
	return types.JSONDoc{V: cur}, nil
}

func (s *Subscript) Children() []sql.Expression { return s.args }
func (s *Subscript) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *s
	n.args = c
	return &n, nil
}
func (s *Subscript) String() string {
	var b strings.Builder
	b.WriteString(fmt.Sprintf("(%s)", s.args[0]))
	for _, p := range s.parts {
		b.WriteByte('[')
		if p.Lo >= 0 {
			b.WriteString(s.args[p.Lo].String())
		}
		if p.Slice {
			b.WriteByte(':')
		}
		if p.Hi >= 0 {
			b.WriteString(s.args[p.Hi].String())
		}
		b.WriteByte(']')
	}
	return b.String()
}

// evalName is name[i]: the i-th byte as "char", the zero byte ("")
// past the name's end within its 64 bytes, NULL outside them.
func (s *Subscript) evalName(ctx *sql.Context, row sql.Row, v string) (any, error) {
	b, err := s.args[1].Eval(ctx, row)
	if err != nil || b == nil {
		return nil, err
	}
	i := int(bfAsInt(b))
	switch {
	case i < 0 || i >= 64:
		return nil, nil
	case i >= len(v):
		return "", nil
	}
	return v[i : i+1], nil
}
