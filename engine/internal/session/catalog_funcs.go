package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// anyEnum matches every enum type in a function signature.
var anyEnum = &types.Type{Kind: types.KindEnum, OID: 3500, Name: "anyenum", SQLName: "anyenum", Mod: -1}

// The functions below read the catalog or sequence state through the
// session, so they are registered here rather than in engine/internal/expr; they
// are volatile so they are never folded without a session. Sequence
// functions take their regclass argument as text: tinybase carries
// regclass values as their names.
func addSequenceCommentFuncs(r *expr.Registry) {
	withSession := func(f func(s funcSession, a []any) (any, error)) func(*sql.Context, *types.Env, []any) (any, error) {
		return func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, err := funcSessionOf(ctx)
			if err != nil {
				return nil, err
			}
			return f(s, a)
		}
	}
	for _, rel := range []*types.Type{types.Text, types.Regclass} {
		rel := rel
		r.Add("nextval", expr.FuncImpl{Args: []*types.Type{rel}, Result: expr.Fixed(types.Int8), Volatile: true,
			Fn: withSession(func(s funcSession, a []any) (any, error) { return s.nextval(a[0].(string)) })})
		r.Add("currval", expr.FuncImpl{Args: []*types.Type{rel}, Result: expr.Fixed(types.Int8), Volatile: true,
			Fn: withSession(func(s funcSession, a []any) (any, error) { return s.currval(a[0].(string)) })})
		r.Add("setval", expr.FuncImpl{Args: []*types.Type{rel, types.Int8}, Result: expr.Fixed(types.Int8), Volatile: true,
			Fn: withSession(func(s funcSession, a []any) (any, error) { return s.setval(a[0].(string), a[1].(int64), true) })})
		r.Add("setval", expr.FuncImpl{Args: []*types.Type{rel, types.Int8, types.Bool}, Result: expr.Fixed(types.Int8), Volatile: true,
			Fn: withSession(func(s funcSession, a []any) (any, error) { return s.setval(a[0].(string), a[1].(int64), a[2].(bool)) })})
		r.Add("obj_description", expr.FuncImpl{Args: []*types.Type{rel, types.Name}, Result: expr.Fixed(types.Text), Volatile: true,
			Fn: withSession(func(s funcSession, a []any) (any, error) { return s.objDescription(a[0].(string), a[1].(string)) })})
		r.Add("col_description", expr.FuncImpl{Args: []*types.Type{rel, types.Int4}, Result: expr.Fixed(types.Text), Volatile: true,
			Fn: withSession(func(s funcSession, a []any) (any, error) { return s.colDescription(a[0].(string), a[1].(int32)) })})
	}
	r.Add("pg_sequence_last_value", expr.FuncImpl{Args: []*types.Type{types.Regclass}, Result: expr.Fixed(types.Int8), Volatile: true,
		Fn: withSession(func(s funcSession, a []any) (any, error) { return s.sequenceLastValue(a[0].(string)) })})
	r.Add("lastval", expr.FuncImpl{Result: expr.Fixed(types.Int8), Volatile: true,
		Fn: withSession(func(s funcSession, _ []any) (any, error) { return s.lastval() })})
	r.Add("pg_get_serial_sequence", expr.FuncImpl{Args: []*types.Type{types.Text, types.Text}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: withSession(func(s funcSession, a []any) (any, error) { return s.serialSequence(a[0].(string), a[1].(string)) })})

	// Enum support functions (PostgreSQL docs 9.10): the labels come from
	// the argument's type, so they work on NULL::enumtype.
	enumArg := []*types.Type{anyEnum}
	r.Add("enum_first", expr.FuncImpl{Args: enumArg, NonStrict: true, Result: func(a []*types.Type) *types.Type { return a[0] },
		Typed: func(_ *sql.Context, ats []*types.Type, _ []any) (any, error) {
			return firstOrNil(ats[0].Base().SortedLabels(), 0), nil
		}})
	r.Add("enum_last", expr.FuncImpl{Args: enumArg, NonStrict: true, Result: func(a []*types.Type) *types.Type { return a[0] },
		Typed: func(_ *sql.Context, ats []*types.Type, _ []any) (any, error) {
			l := ats[0].Base().SortedLabels()
			return firstOrNil(l, len(l)-1), nil
		}})
	r.Add("enum_range", expr.FuncImpl{Args: enumArg, NonStrict: true, Result: func(a []*types.Type) *types.Type { return types.ArrayOf(a[0]) },
		Typed: func(_ *sql.Context, ats []*types.Type, _ []any) (any, error) {
			labels := ats[0].Base().SortedLabels()
			vals := make([]any, len(labels))
			for i, l := range labels {
				vals[i] = l
			}
			return types.NewArray(ats[0], vals), nil
		}})
}

func firstOrNil(labels []string, i int) any {
	if i < 0 || i >= len(labels) {
		return nil
	}
	return labels[i]
}
