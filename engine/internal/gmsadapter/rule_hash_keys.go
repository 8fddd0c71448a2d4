package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gmstypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// ruleHashKeys makes hash join keys hashable by value. A hash join's
// lookup (plan.HashLookup) keys a Go map by the key's value itself: a
// jsonb document holds a slice (the map panics: XX000 "hash of
// unhashable type") or an object pointer, an array is a pointer (equal
// values never match), an interval a struct ('1 day' missed '24
// hours'). Such keys are read through types.HashKey instead; the join
// condition is still checked on the rows a key finds.
const ruleHashKeys analyzer.RuleId = 10033

func hashKeys(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		hl, ok := n.(*plan.HashLookup)
		if !ok {
			return n, transform.SameTree, nil
		}
		right, sameR := valueKeys(hl.RightEntryKey)
		left, sameL := valueKeys(hl.LeftProbeKey)
		if sameR && sameL {
			return n, transform.SameTree, nil
		}
		out, err := hl.WithExpressions(right, left)
		return out, transform.NewTree, err
	})
}

// valueKeys wraps the elements of a hash key (a tuple) whose values do
// not key a map by value in valueKey.
func valueKeys(k sql.Expression) (sql.Expression, bool) {
	t, ok := k.(expression.Tuple)
	if !ok {
		return k, true
	}
	out := make(expression.Tuple, len(t))
	same := true
	for i, e := range t {
		out[i] = e
		if typ, ok := e.Type().(*types.Type); ok && (typ.Kind == types.KindJSONB || typ.Kind == types.KindArray || typ.Kind == types.KindInterval) {
			out[i], same = &valueKey{expression.UnaryExpression{Child: e}}, false
		}
	}
	return out, same
}

// valueKey evaluates an expression to its types.HashKey.
type valueKey struct{ expression.UnaryExpression }

var _ sql.Expression = (*valueKey)(nil)

func (k *valueKey) Type() sql.Type   { return gmstypes.LongText }
func (k *valueKey) String() string   { return k.Child.String() }
func (k *valueKey) IsNullable() bool { return k.Child.IsNullable() }

func (k *valueKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := k.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	return types.HashKey(v), nil
}

func (k *valueKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(k, len(children), 1)
	}
	return &valueKey{expression.UnaryExpression{Child: children[0]}}, nil
}
