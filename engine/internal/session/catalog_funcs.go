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
	// the argument's type, so they work on NULL::enumtype. Not folded at
	// plan time: whether a label is safe to read (55P04) is the session's
	// transaction state.
	enumArg := []*types.Type{anyEnum}
	r.Add("enum_first", expr.FuncImpl{Args: enumArg, NonStrict: true, Volatile: true, Result: func(a []*types.Type) *types.Type { return a[0] },
		Typed: func(ctx *sql.Context, ats []*types.Type, _ []any) (any, error) {
			return safeEnumLabel(ctx, ats[0], ats[0].Base().SortedLabels(), 0)
		}})
	r.Add("enum_last", expr.FuncImpl{Args: enumArg, NonStrict: true, Volatile: true, Result: func(a []*types.Type) *types.Type { return a[0] },
		Typed: func(ctx *sql.Context, ats []*types.Type, _ []any) (any, error) {
			l := ats[0].Base().SortedLabels()
			return safeEnumLabel(ctx, ats[0], l, len(l)-1)
		}})
	r.Add("enum_range", expr.FuncImpl{Args: enumArg, NonStrict: true, Volatile: true, Result: func(a []*types.Type) *types.Type { return types.ArrayOf(a[0]) },
		Typed: func(ctx *sql.Context, ats []*types.Type, _ []any) (any, error) {
			labels := ats[0].Base().SortedLabels()
			vals := make([]any, len(labels))
			for i := range labels {
				v, err := safeEnumLabel(ctx, ats[0], labels, i)
				if err != nil {
					return nil, err
				}
				vals[i] = v
			}
			return types.NewArray(ats[0], vals), nil
		}})
}

// safeEnumLabel is labels[i] of the enum t, or nil when there is none; a
// label added in the open transaction fails (55P04).
func safeEnumLabel(ctx *sql.Context, t *types.Type, labels []string, i int) (any, error) {
	if i < 0 || i >= len(labels) {
		return nil, nil
	}
	if err := expr.EnvOf(ctx).CheckSafeEnumLabel(t.Base(), labels[i]); err != nil {
		return nil, err
	}
	return labels[i], nil
}
